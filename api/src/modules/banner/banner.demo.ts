import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'sequelize';
import { loadEnv } from '../../env';
import { apiPath } from '../../paths';
import { fileStorageFromEnv } from '../storage/file-storage';
import { probeImage } from '../storage/image';
import type { FileStorage } from '../storage/storage';
import { Banner, BannerImage } from './banner.model';

/**
 * Where the demo banner images are kept: 750×320 JPEGs (the H5 banner's 375×160 at 2x) with
 * artwork and Chinese headlines, drawn by `scripts/make-demo-banners.ts` and committed.
 */
export const DEMO_BANNER_DIR = apiPath('src', 'modules', 'banner', 'demo-images');

/** The demo project's banners, in display order. */
export const DEMO_BANNERS: readonly { title: string; file: string; link: string }[] = [
  { title: '安全生产专题培训火热报名中', file: 'banner-safety.jpg', link: '/classSelectCenter' },
  { title: '职业技能提升公需课', file: 'banner-skills.jpg', link: '/publicClass' },
  { title: '现场急救技能专项课程', file: 'banner-first-aid.jpg', link: '/specialized' },
];

/**
 * Adds the demo banners to a project: each image stored through the file storage (key
 * `banners/<project>/demo-<file>`, so seeding again writes the same object) with its size and
 * dimensions read from the file, as an upload would; all enabled, without a window. `storage` is the
 * app's (`providers.storage`); the environment's when not given.
 */
export async function seedBannerDemo(
  projectId: number,
  transaction: Transaction,
  storage: FileStorage = fileStorageFromEnv(loadEnv()),
): Promise<void> {
  for (const [sort, demo] of DEMO_BANNERS.entries()) {
    const bytes = await fs.promises.readFile(path.join(DEMO_BANNER_DIR, demo.file));
    const info = probeImage(bytes);
    if (info.format === 'gif') throw new Error(`demo banner ${demo.file} must be a PNG, JPEG or WebP`);
    const key = `banners/${projectId}/demo-${demo.file}`;
    await storage.put(key, bytes);
    const image = await BannerImage.create(
      {
        id: randomUUID(),
        projectId,
        storageKey: key,
        contentType: info.contentType as BannerImage['contentType'],
        width: info.width,
        height: info.height,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdBy: null,
      },
      { transaction },
    );
    await Banner.create(
      { projectId, title: demo.title, imageId: image.id, link: demo.link, sort, startAt: null, endAt: null },
      { transaction },
    );
  }
}
