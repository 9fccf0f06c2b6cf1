import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Op, type Transaction } from 'sequelize';
import { loadEnv } from '../../env';
import { apiPath } from '../../paths';
import { fileStorageFromEnv } from '../storage/file-storage';
import type { FileStorage } from '../storage/storage';
import { PACKAGER_VERSION, packageVideo } from './hls-package';
import { Resource, ResourceCategory } from './resource.model';
import { probeMp4File } from './upload.service';
import { type CopiedPackage, copyPackage } from './video-packaging.service';

/**
 * Where the generated demo videos are kept (small H.264 MP4s: colour bars with a running timestamp;
 * `bilingual-briefing.mp4` with two tones tagged as two languages).
 */
export const DEMO_VIDEO_DIR = apiPath('src', 'modules', 'resource', 'demo-videos');

/** The demo project's resource categories (path of names) and the videos filed in them. */
export const DEMO_RESOURCES: readonly { category: readonly string[]; name: string; file: string }[] = [
  { category: ['安全生产'], name: '安全生产概述', file: 'safety-intro.mp4' },
  { category: ['安全生产', '消防安全'], name: '消防演练示范', file: 'fire-drill.mp4' },
  { category: ['职业技能', '应急救护'], name: '现场急救要点', file: 'first-aid.mp4' },
  // Audio in two languages (a low tone tagged chi, default; a high one tagged eng): packaged with
  // an audio rendition per language (docs/video.md).
  { category: ['安全生产'], name: '岗前安全须知（双语）', file: 'bilingual-briefing.mp4' },
];

/** The platform's shared library (共享资源库): demo videos every project may use. */
export const DEMO_SHARED_RESOURCES: readonly { name: string; file: string }[] = [
  { name: '安全生产通用讲座', file: 'safety-intro.mp4' },
  { name: '消防器材使用演示', file: 'fire-drill.mp4' },
  { name: '心肺复苏急救常识', file: 'first-aid.mp4' },
];

/** Stores a demo video through the file storage under `key`; answers the columns read from it. */
async function storeDemoVideo(storage: FileStorage, file: string, key: string) {
  const filePath = path.join(DEMO_VIDEO_DIR, file);
  const info = await probeMp4File(filePath);
  const bytes = await fs.promises.readFile(filePath);
  const stored = await storage.put(key, bytes);
  return {
    type: 'video' as const,
    fileName: file,
    storageKey: key,
    contentType: 'video/mp4',
    size: stored.size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    durationSeconds: info.durationSeconds,
    width: info.width,
    height: info.height,
    status: 'READY' as const,
    createdBy: null,
  };
}

/**
 * Packages a seeded demo video as encrypted HLS in SD and HD as the upload's job would (short
 * videos: well under a second each), or copies the package of a row the seed made of the same file
 * (copyPackage), and stores it on the row.
 */
async function packageDemoVideo(storage: FileStorage, video: Resource, transaction: Transaction) {
  const twin = await Resource.findOne({
    where: { sha256: video.sha256, id: { [Op.ne]: video.id }, hls: { [Op.ne]: null } },
    order: [['id', 'ASC']],
    allTenants: true,
    transaction,
  });
  const copied = twin ? await copyPackage(storage, twin, video) : null;
  let packaged: Pick<CopiedPackage, 'hls' | 'hlsKey' | 'packagerVersion'> & {
    audioLanguages: string[] | null;
  };
  if (copied)
    packaged = {
      hls: copied.hls,
      hlsKey: copied.hlsKey,
      packagerVersion: copied.packagerVersion,
      audioLanguages: twin?.audioLanguages ?? null,
    };
  else {
    const made = await packageVideo(storage, video);
    packaged = {
      hls: made.pkg,
      hlsKey: made.key,
      packagerVersion: PACKAGER_VERSION,
      audioLanguages: made.audioLanguages,
    };
  }
  await Resource.update(packaged, { where: { id: video.id, projectId: video.projectId }, transaction });
}

/**
 * Fills the platform's shared library with DEMO_SHARED_RESOURCES (rows without a project, files
 * under `shared/videos/demo-<file>`, packaged as HLS), so every project's 共享资源库 has something to
 * preview and use (使用 copies the package along).
 */
export async function seedSharedResourceDemo(
  transaction: Transaction,
  storage: FileStorage = fileStorageFromEnv(loadEnv()),
): Promise<void> {
  for (const demo of DEMO_SHARED_RESOURCES) {
    const fields = await storeDemoVideo(storage, demo.file, `shared/videos/demo-${demo.file}`);
    const shared = await Resource.create(
      { ...fields, projectId: null, categoryId: null, name: demo.name },
      { transaction },
    );
    await packageDemoVideo(storage, shared, transaction);
  }
}

/**
 * Files the demo videos of a project: the categories of DEMO_RESOURCES, and each video stored
 * through the file storage (key `videos/<project>/demo-<file>`, so seeding again writes the same
 * object) with its duration and size read from the file, as an upload would, and packaged as
 * encrypted HLS in SD and HD (hls-package.ts) as the upload's job would. `storage` is the
 * app's (`providers.storage`); the environment's when not given.
 */
export async function seedResourceDemo(
  projectId: number,
  transaction: Transaction,
  storage: FileStorage = fileStorageFromEnv(loadEnv()),
): Promise<void> {
  const categories = new Map<string, ResourceCategory>();
  const categoryOf = async (names: readonly string[]): Promise<ResourceCategory> => {
    let parentId: number | null = null;
    let category: ResourceCategory | undefined;
    for (const [depth, name] of names.entries()) {
      const pathKey = names.slice(0, depth + 1).join('/');
      category = categories.get(pathKey);
      if (!category) {
        const under: number | null = parentId;
        const sort: number = [...categories.values()].filter((other) => other.parentId === under).length;
        category = await ResourceCategory.create({ projectId, parentId, name, sort }, { transaction });
        categories.set(pathKey, category);
      }
      parentId = category.id;
    }
    if (!category) throw new Error('a demo resource needs a category');
    return category;
  };

  for (const demo of DEMO_RESOURCES) {
    const category = await categoryOf(demo.category);
    const fields = await storeDemoVideo(storage, demo.file, `videos/${projectId}/demo-${demo.file}`);
    const resource = await Resource.create(
      { ...fields, projectId, categoryId: category.id, name: demo.name },
      { transaction },
    );
    await packageDemoVideo(storage, resource, transaction);
  }
}
