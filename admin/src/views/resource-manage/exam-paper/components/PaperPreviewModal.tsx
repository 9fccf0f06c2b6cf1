import { EXAM_QUESTION_TYPE_LABEL, type PaperPreview } from '@px/api/contract';
import { Alert, Button, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { previewPaper } from '../../../../api/exam';
import { answerText } from '../../exam-question/question-form';

const optionsText = (options: readonly string[]) =>
  options.map((option, index) => `${String.fromCharCode(65 + index)}. ${option}`).join('　');

/**
 * 预览: one draw of a paper as an attempt would get it (`exam-paper/preview`), each question with
 * its score, options, answer and analysis; 重新抽题 draws a random paper again.
 */
export function PaperPreviewModal({ paperId, onClose }: { paperId: number | null; onClose: () => void }) {
  const [preview, setPreview] = useState<PaperPreview | null>(null);
  const [failed, setFailed] = useState(false);
  const draw = useCallback((id: number) => {
    setPreview(null);
    setFailed(false);
    previewPaper(id).then(setPreview, () => setFailed(true));
  }, []);
  useEffect(() => {
    if (paperId !== null) draw(paperId);
  }, [paperId, draw]);

  return (
    <Modal
      open={paperId !== null}
      title={preview ? `预览：${preview.name}` : '预览试卷'}
      width={800}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {preview?.mode === 'RANDOM' && paperId !== null && (
            <Button onClick={() => draw(paperId)}>重新抽题</Button>
          )}
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {failed && <Alert type="error" showIcon title="抽题失败，请检查题库后重试" />}
      {!preview && !failed && <Spin />}
      {preview && (
        <>
          <Typography.Paragraph type="secondary">
            共 {preview.questions.length} 题，总分 {preview.totalScore} 分
          </Typography.Paragraph>
          <ol style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {preview.questions.map((question) => (
              <li
                key={question.no}
                style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                  <Space wrap>
                    <Typography.Text strong>{question.no}.</Typography.Text>
                    <Tag color="blue">{EXAM_QUESTION_TYPE_LABEL[question.type]}</Tag>
                    <Typography.Text type="secondary">{question.score} 分</Typography.Text>
                  </Space>
                  <Typography.Text>{question.content}</Typography.Text>
                  {question.type !== 'FILL' && question.options.length > 0 && (
                    <Typography.Text type="secondary">{optionsText(question.options)}</Typography.Text>
                  )}
                  <Typography.Text type="success">答案：{answerText(question)}</Typography.Text>
                  {question.analysis && (
                    <Typography.Text type="secondary">解析：{question.analysis}</Typography.Text>
                  )}
                </Space>
              </li>
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}
