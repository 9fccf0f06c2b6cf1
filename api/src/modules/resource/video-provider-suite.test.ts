import type { Readable } from 'node:stream';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject } from '../../testing/factories';
import { useTestS3 } from '../storage/s3.testing';
import type { FileStorage } from '../storage/storage';
import { deleteVideoFiles } from './resource.service';
import { buildResource, TEST_VIDEO_LIMITS, useTestStorage } from './resource.testing';
import { createLocalVideoProvider, type PlayableVideo } from './video-provider';
import {
  describeVideoProvider,
  type SuiteVideo,
  type VideoProviderUnderTest,
} from './video-provider-suite.testing';

// The shared VideoProvider suite against the local provider over the disk and over object storage
// (s3rver); the cloud VOD provider runs it over its simulator (vod/vod-provider-suite.test.ts).

const disk = useTestStorage();
const s3 = useTestS3();

/** The local provider over `storage`, playing through a test app's media route. */
async function localProviderOver(
  storage: FileStorage,
): Promise<{ app: TestApp; under: VideoProviderUnderTest }> {
  const provider = createLocalVideoProvider({ signingSecret: null, limits: TEST_VIDEO_LIMITS });
  const app = await createTestApp({ providers: { storage, video: provider } });
  const base = await app.listen();
  const projectId = (await buildProject()).id;
  const providers = { storage, cloudVideo: null };
  let count = 0;
  return {
    app,
    under: {
      provider,
      scope: { sequelize: app.sequelize, providers: { storage } },
      async put(source: Readable, video: SuiteVideo): Promise<PlayableVideo> {
        count += 1;
        const storageKey = `videos/${projectId}/suite-${count}.mp4`;
        const stored = await storage.put(storageKey, source);
        expect(stored.size).toBe(video.size);
        return buildResource(projectId, {
          name: video.name,
          fileName: video.name,
          storageKey,
          contentType: video.contentType,
          size: video.size,
          sha256: video.sha256,
        });
      },
      delete: (video) => deleteVideoFiles(providers, video),
      resolve: (url) => `${base}${url}`,
    },
  };
}

let diskApp: TestApp | undefined;
describeVideoProvider('local provider over the disk', {
  async start() {
    const { app, under } = await localProviderOver(disk.providers().storage);
    diskApp = app;
    return under;
  },
  stop: async () => diskApp?.close(),
});

let s3App: TestApp | undefined;
describeVideoProvider('local provider over object storage (s3rver)', {
  async start() {
    const { app, under } = await localProviderOver(s3.storage({ partBytes: 5 * 1024 * 1024 }));
    s3App = app;
    return under;
  },
  stop: async () => s3App?.close(),
});
