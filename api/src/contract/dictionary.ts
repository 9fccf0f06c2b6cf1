import { z } from 'zod';
import { guest } from './access';
import { answer, defineCalls } from './call';
import { zInput, zOptional } from './common';

/** Dictionary types the product reads (seeded shared rows; projects may override by code). */
export const DICTIONARY_TYPE = { TRAIN_TYPE: 'train-type', EDUCATION: 'education' } as const;

const zType = z
  .string({ error: '请填写字典类型' })
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, { error: '字典类型格式不正确' });

/** `dictionary/list` and `dictionary/tree`: the entries of a type in the request's project. */
export const dictionaryTypeInput = z.object({ type: zType, unitId: zInput.optionalId() });

/** An entry of `dictionary/list`. */
export interface DictionaryItem {
  code: string;
  label: string;
  parentCode: string | null;
  sort: number;
}
/** A node of `dictionary/tree`. */
export interface DictionaryNode {
  code: string;
  label: string;
  sort: number;
  children: DictionaryNode[];
}

/**
 * `dictionary/regional-tree`: administrative divisions under `code` (a province gives its cities
 * and counties, a city its counties, `100000` the whole country), by default under the project's
 * `projectArea`.
 */
export const regionalTreeInput = z.object({
  code: zOptional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: '行政区划代码应为 6 位数字' }),
  ),
  unitId: zInput.optionalId(),
});
/** A node of `dictionary/regional-tree`. */
export interface RegionNode {
  code: string;
  name: string;
  children: RegionNode[];
}

/**
 * The dictionary calls (`dictionary/...`), open to anyone: a signed-in caller reads their own
 * project's entries, anyone else the request's project (the `unitId`'s, else the host's, else the
 * default one).
 */
export const dictionaryCalls = defineCalls('dictionary', {
  /** The entries of a type (shared entries overridden by the project's own). */
  list: {
    input: dictionaryTypeInput,
    answer: answer<DictionaryItem[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
  /** The entries of a type nested by parent code. */
  tree: {
    input: dictionaryTypeInput,
    answer: answer<DictionaryNode[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
  /** Administrative divisions from the project's area (or from `code`). */
  'regional-tree': {
    input: regionalTreeInput,
    answer: answer<RegionNode[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
});
