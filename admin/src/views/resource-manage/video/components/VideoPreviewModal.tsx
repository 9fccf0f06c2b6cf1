import type { ResourceItem, ResourcePlayAnswer } from '@px/api/contract';
import { type StreamAudioTrack, StreamVideo } from '@px/config/stream-video';
import { Alert, Descriptions, Modal, Segmented, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { getResourcePlayUrl } from '../../../../api/resource';
import { formatDuration, formatFileSize } from '../video-format';

/** What the preview shows of a video (a project's or a shared one). */
export type PreviewedVideo = Pick<
  ResourceItem,
  'id' | 'name' | 'fileName' | 'durationSeconds' | 'size' | 'width' | 'height'
>;

export interface VideoPreviewModalProps {
  /** The video previewed; null: closed. */
  video: PreviewedVideo | null;
  onClose: () => void;
  /** How to get its play URL: `resource/play-url` unless given (the shared library's own call). */
  play?: (id: number) => Promise<ResourcePlayAnswer>;
}

/**
 * 预览: plays the video in an HTML5 player from a signed, expiring play URL (`resource/play-url`;
 * the browser fetches it with range requests, so seeking works), with its facts below, and 音轨 to
 * hear each language of a video that has its audio in several.
 */
export function VideoPreviewModal({ video, onClose, play = getResourcePlayUrl }: VideoPreviewModalProps) {
  const [source, setSource] = useState<{ id: number; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [audioTracks, setAudioTracks] = useState<StreamAudioTrack[]>([]);
  const [audioTrack, setAudioTrack] = useState(-1);

  useEffect(() => {
    if (!video) return;
    let current = true;
    setSource(null);
    setFailed(false);
    setAudioTracks([]);
    setAudioTrack(-1);
    play(video.id).then(
      (answer) => {
        if (current && answer.url) setSource({ id: video.id, url: answer.url });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [video, play]);

  return (
    <Modal
      open={video !== null}
      title={video ? `预览：${video.name}` : '预览'}
      footer={null}
      width={760}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon title="获取播放地址失败，请关闭后重试" />}
      {!failed && !(source && source.id === video?.id) && (
        <div className="video-preview__loading">
          <Spin />
        </div>
      )}
      {source && source.id === video?.id && (
        <StreamVideo
          className="video-preview__player"
          src={source.url}
          controls
          autoPlay
          preload="metadata"
          data-testid="video-player"
          audioTrack={audioTrack}
          onAudioTracks={setAudioTracks}
        />
      )}
      {audioTracks.length > 1 && (
        <div className="video-preview__audio">
          <span>音轨：</span>
          <Segmented
            size="small"
            aria-label="音轨"
            value={Math.max(audioTrack, 0)}
            options={audioTracks.map((track) => ({ label: track.name, value: track.index }))}
            onChange={(value) => setAudioTrack(Number(value))}
          />
        </div>
      )}
      {video && (
        <Descriptions
          size="small"
          column={2}
          className="video-preview__facts"
          items={[
            { key: 'duration', label: '时长', children: formatDuration(video.durationSeconds) },
            { key: 'size', label: '大小', children: formatFileSize(video.size) },
            {
              key: 'resolution',
              label: '分辨率',
              children: video.width && video.height ? `${video.width} × ${video.height}` : '—',
            },
            { key: 'file', label: '原文件名', children: video.fileName },
          ]}
        />
      )}
    </Modal>
  );
}
