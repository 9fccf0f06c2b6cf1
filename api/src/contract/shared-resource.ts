import { z } from 'zod';
import { platform, platformOrStaff, staff } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zIdInput,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import type { ResourceItem, ResourcePlayAnswer, ResourceStatus, ResourceType } from './resource';

/** 共享资源库: the page of the shared library (project staff read and use it, platform staff fill it). */
const LIBRARY = '/resource-manage/shared-library';

/**
 * Project staff and platform staff granted the library page. No tenant is resolved by the router
 * (platform staff have no project): project staff's calls run in their own project, platform
 * staff's across projects (the shared rows belong to none).
 */
const libraryReaders = platformOrStaff(LIBRARY);

/** A resource of the shared library as `shared-resource/query` answers it (never its storage key). */
export interface SharedResourceItem {
  id: number;
  type: ResourceType;
  name: string;
  /** The name of the file as first uploaded (shown only). */
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  durationSeconds: number;
  width: number | null;
  height: number | null;
  status: ResourceStatus;
  /**
   * The caller's project's copy of it (视频资源), made by `shared-resource/use`; null when the project
   * has none (never used, or the copy was deleted since), and always null for platform staff.
   */
  copiedResourceId: number | null;
  /** How many projects hold a copy: platform staff only (null for project staff). */
  copyCount: number | null;
  createdAt: string;
  updatedAt: string;
  /**
   * edit (rename) and delete: platform staff only; use (使用: copy into the caller's project):
   * project staff only, allowed again when already copied (answers the existing copy).
   */
  abilities: Abilities<'edit' | 'delete' | 'use'>;
}
export type SharedResourcePage = PageAnswer<SharedResourceItem>;

/** `shared-resource/query`: the shared library, newest first; `name` matches part of the name. */
export const sharedResourceQueryInput = z.object({ ...zPage, name: zOptionalText(100) });
export type SharedResourceQueryInput = z.input<typeof sharedResourceQueryInput>;

/** `shared-resource/play-url`, `use`, `delete`: one shared resource. */
export const sharedResourceIdInput = zIdInput;

/**
 * The answer of `shared-resource/use`: the project's copy (a resource of 视频资源) and whether this
 * call made it (`created`), or it was already there (a second use answers the existing copy).
 */
export interface SharedResourceUseAnswer {
  resource: ResourceItem;
  created: boolean;
}

/**
 * `shared-resource/share` (platform): puts a project's video into the shared library as a copy of
 * its own (file included), named `name` (the video's name when absent). Sharing the same video again
 * answers the shared resource it already made.
 */
export const sharedResourceShareInput = z.object({
  projectId: zInput.id(),
  resourceId: zInput.id(),
  name: zOptionalText(100),
});
export type SharedResourceShareInput = z.input<typeof sharedResourceShareInput>;

/** `shared-resource/save` (platform): renames a shared resource (copies keep their names). */
export const sharedResourceSaveInput = z.object({
  id: zInput.id(),
  name: zRequiredText('资源名称', 100),
});
export type SharedResourceSaveInput = z.input<typeof sharedResourceSaveInput>;

/** `shared-resource/candidates` (platform): a project's videos, to pick one to share. */
export const sharedResourceCandidatesInput = z.object({
  ...zPage,
  projectId: zInput.id(),
  name: zOptionalText(100),
});
export type SharedResourceCandidatesInput = z.input<typeof sharedResourceCandidatesInput>;

/** A row of `shared-resource/candidates`: a project's video and its shared copy, if any. */
export interface SharedResourceCandidate {
  id: number;
  name: string;
  fileName: string;
  size: number;
  durationSeconds: number;
  createdAt: string;
  /** The shared resource made from it; null when it was never shared (or that one was deleted). */
  sharedId: number | null;
}
export type SharedResourceCandidatePage = PageAnswer<SharedResourceCandidate>;

/** The shared library's calls (`shared-resource/...`, docs/product-decisions.md "Shared resource library"). */
export const sharedResourceCalls = defineCalls('shared-resource', {
  /** The library, newest first, with the caller's abilities on each row. */
  query: { input: sharedResourceQueryInput, answer: answer<SharedResourcePage>(), access: libraryReaders },
  /** A signed, expiring URL playing a shared video (预览). */
  'play-url': {
    input: sharedResourceIdInput,
    answer: answer<ResourcePlayAnswer>(),
    access: libraryReaders,
  },
  /** 使用: copies a shared resource (row and file) into the caller's project; idempotent. */
  use: { input: sharedResourceIdInput, answer: answer<SharedResourceUseAnswer>(), access: staff(LIBRARY) },
  /** A project's videos to share (platform). */
  candidates: {
    input: sharedResourceCandidatesInput,
    answer: answer<SharedResourceCandidatePage>(),
    access: platform(LIBRARY),
  },
  /** Shares a project's video into the library (platform); idempotent. */
  share: { input: sharedResourceShareInput, answer: answer<SharedResourceItem>(), access: platform(LIBRARY) },
  /** Renames a shared resource (platform). */
  save: { input: sharedResourceSaveInput, answer: answer<SharedResourceItem>(), access: platform(LIBRARY) },
  /** Takes a resource out of the library, with its file (platform); projects' copies stay. */
  delete: { input: sharedResourceIdInput, answer: answer<null>(), access: platform(LIBRARY) },
});
