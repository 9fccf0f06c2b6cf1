import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sequelize } from 'sequelize';
import { deleteVideoFiles } from '../resource/resource.service';
import { TEST_VIDEO_LIMITS } from '../resource/resource.testing';
import { describeVideoProvider } from '../resource/video-provider-suite.testing';
import { createLocalStorage } from '../storage/local-storage';
import { createVodClient } from './vod.client';
import { createVodVideoProvider, vodCloudVideo } from './vod.provider';
import { createVodSimulator, type VodSimulator } from './vod-sim';

// The shared VideoProvider suite (also run by the local provider over the disk and over object
// storage: resource/video-provider-suite.test.ts) against the cloud VOD provider and its simulator:
// a video is put by the upload path (the file storage, then streamed to VOD: ApplyUpload, the COS
// PUT or, for the suite's large video, a multipart upload in 1 MiB parts, CommitUpload), played through the play info's CDN URL (`t`/`sign` checked by the
// simulator), deleted with DeleteMedia.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'px-vod-suite-'));
let sim: VodSimulator | undefined;
let ids = 0;

describeVideoProvider('cloud VOD provider over the VOD simulator', {
  async start(now) {
    const seconds = () => Math.floor(now().getTime() / 1000);
    sim = createVodSimulator({ dir: path.join(root, 'sim'), now: seconds });
    const url = await sim.listen();
    const client = createVodClient({
      apiBase: url,
      playBase: url,
      cosBase: url,
      appId: sim.appId,
      secretId: sim.secretId,
      secretKey: sim.secretKey,
      playKey: sim.playKey,
      simulated: true,
      partSize: 1024 ** 2,
    });
    const storage = createLocalStorage(path.join(root, 'files'));
    const providers = { storage, cloudVideo: vodCloudVideo(client) };
    return {
      provider: createVodVideoProvider(client, TEST_VIDEO_LIMITS),
      // The cloud provider never touches the database: one that cannot be reached shows it.
      scope: {
        sequelize: new Sequelize('postgres://nobody@127.0.0.1:9/none', { logging: false }),
        providers: { storage },
      },
      async put(source, video) {
        // As upload-complete does: the file is in the storage, then moves to the service.
        ids += 1;
        const key = `videos/suite/${ids}.mp4`;
        await storage.put(key, source);
        const storageKey = await providers.cloudVideo.upload(storage, key, {
          name: video.name,
          type: video.contentType,
        });
        await storage.delete(key);
        expect(sim?.files().find((file) => `vod:${file.fileId}` === storageKey)?.size).toBe(video.size);
        return { id: ids, projectId: 1, storageKey, contentType: video.contentType, hls: null };
      },
      delete: (video) => deleteVideoFiles(providers, video),
      resolve: (address) => address,
    };
  },
  async stop() {
    await sim?.close();
    fs.rmSync(root, { recursive: true, force: true });
  },
});
