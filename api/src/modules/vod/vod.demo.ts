import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Sequelize } from 'sequelize';
import { Project } from '../project/project.model';
import { DEMO_RESOURCES, DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { Resource } from '../resource/resource.model';
import { deletePackage } from '../resource/video-packaging.service';
import type { FileStorage } from '../storage/storage';
import type { VodClient } from './vod.client';
import { vodFileIdOf, vodStorageKey } from './vod.provider';

/**
 * The demo project's video kept by 云点播 (docs/vod.md, docs/tour.md): the lesson 现场急救要点 of the
 * course 现场急救实务 (an elective of the free class 公需科目综合学习班) plays from the VOD service,
 * as a video uploaded while the project's 视频服务 was 云点播 would; the project's other videos are
 * the platform's own (encrypted HLS).
 */
export const DEMO_VOD_VIDEO = '现场急救要点';

/** The advisory lock of this seed (instances booting together upload once). */
const DEMO_VOD_LOCK = 4711004;

/** What the seed needs: the storage, the VOD client and whether the service still holds a FileId. */
export interface DemoVodDeps {
  storage: FileStorage;
  vod: VodClient;
  holds(fileId: string): boolean;
}

/**
 * In VOD simulator mode with demo data (server.ts, after the simulator started): uploads the demo
 * project's DEMO_VOD_VIDEO to the VOD service and keeps it there (`vod:<FileId>`, no HLS package),
 * dropping its local file and package. Runs when the video is still local, or kept by a FileId the
 * service no longer holds (a simulator whose files were not kept: it is uploaded again). Answers
 * whether it uploaded. Throws VodError when the service refuses (nothing is changed then).
 */
export async function seedDemoVod(sequelize: Sequelize, deps: DemoVodDeps): Promise<boolean> {
  const demo = DEMO_RESOURCES.find((one) => one.name === DEMO_VOD_VIDEO);
  if (!demo) throw new Error(`the demo video ${DEMO_VOD_VIDEO} is missing from DEMO_RESOURCES`);
  const bytes = await fs.promises.readFile(path.join(DEMO_VIDEO_DIR, demo.file));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const outcome = await sequelize.transaction(async (transaction) => {
    await sequelize.query(`SELECT pg_advisory_xact_lock(${DEMO_VOD_LOCK})`, { transaction });
    // The demo project (db/seed.ts DEMO.projectCode).
    const project = await Project.findOne({ where: { code: 'demo' }, transaction });
    if (!project) return null;
    const video = await Resource.findOne({
      where: { projectId: project.id, name: DEMO_VOD_VIDEO, sha256 },
      order: [['id', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!video) return null;
    const fileId = vodFileIdOf(video);
    if (fileId && deps.holds(fileId)) return null;
    const local = fileId
      ? null
      : { id: video.id, projectId: video.projectId, storageKey: video.storageKey, hls: video.hls };
    const uploaded = await deps.vod.upload({
      size: bytes.length,
      name: video.fileName,
      type: video.contentType,
      open: async (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
    });
    await video.update(
      {
        storageKey: vodStorageKey(uploaded.fileId),
        hls: null,
        hlsKey: null,
        packagerVersion: null,
        status: 'READY',
        statusReason: null,
      },
      { transaction },
    );
    return { local };
  });
  if (!outcome) return false;
  // Kept by the VOD service only (as an upload of a 云点播 project): the local file and package go.
  if (outcome.local) {
    await deps.storage.delete(outcome.local.storageKey);
    await deletePackage(deps.storage, outcome.local);
  }
  return true;
}
