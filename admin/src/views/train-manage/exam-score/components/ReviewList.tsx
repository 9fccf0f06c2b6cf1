import { EXAM_QUESTION_TYPE_LABEL, type ReviewQuestion } from '@px/api/contract';
import { Space, Tag, Typography } from 'antd';

/** A score without needless decimals. */
export const scoreText = (score: number | null) =>
  score === null ? '—' : Number.isInteger(score) ? String(score) : score.toFixed(1);

/** The options of a question with their letters. */
const optionsText = (options: readonly string[]) =>
  options.map((option, index) => `${String.fromCharCode(65 + index)}. ${option}`).join('　');

/**
 * The questions of an attempt (or of a paper's draw) with each answer against the right one: type,
 * score earned, content, options, the student's answer, the right answer and the analysis.
 */
export function ReviewList({ questions }: { questions: readonly ReviewQuestion[] }) {
  return (
    <ol style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {questions.map((question) => (
        <li key={question.no} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>{question.no}.</Typography.Text>
              <Tag color="blue">{EXAM_QUESTION_TYPE_LABEL[question.type]}</Tag>
              <Tag color={question.correct ? 'success' : 'error'}>{question.correct ? '正确' : '错误'}</Tag>
              <Typography.Text type="secondary">
                得分 {scoreText(question.earned)} / {scoreText(question.score)}
              </Typography.Text>
            </Space>
            <Typography.Text>{question.content}</Typography.Text>
            {question.options.length > 0 && question.type !== 'FILL' && (
              <Typography.Text type="secondary">{optionsText(question.options)}</Typography.Text>
            )}
            <Typography.Text>学员答案：{question.answer || '未作答'}</Typography.Text>
            <Typography.Text type="success">正确答案：{question.correctAnswer}</Typography.Text>
            {question.analysis && (
              <Typography.Text type="secondary">解析：{question.analysis}</Typography.Text>
            )}
          </Space>
        </li>
      ))}
    </ol>
  );
}
