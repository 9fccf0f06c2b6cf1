import {
  EXAM_OPTIONS_MAX,
  EXAM_QUESTION_TYPE_LABEL,
  EXAM_QUESTION_TYPES,
  type ExamQuestionItem,
  type ExamQuestionSaveInput,
  type ExamQuestionType,
  OPTION_LETTERS,
} from '@px/api/contract';

/** The question editor's fields. */
export interface QuestionFormValues {
  categoryId?: number | null;
  type: ExamQuestionType;
  content: string;
  /** Options of a choice question, in letter order. */
  options: string[];
  /** The right letter (single choice, judge). */
  answer?: string;
  /** The right letters (multiple choice). */
  answers?: string[];
  /** Accepted answers of a fill-in question, one a line. */
  acceptedText?: string;
  analysis?: string;
}

/** The type filter's and editor's choices. */
export const QUESTION_TYPE_OPTIONS = EXAM_QUESTION_TYPES.map((value) => ({
  value,
  label: EXAM_QUESTION_TYPE_LABEL[value],
}));

/** Whether a type takes options of its own (single and multiple choice). */
export const hasOwnOptions = (type: ExamQuestionType | undefined) => type === 'SINGLE' || type === 'MULTIPLE';

/** The letters of `count` options: A, B, C… (at most six). */
export const lettersFor = (count: number): string[] =>
  OPTION_LETTERS.slice(0, Math.min(count, EXAM_OPTIONS_MAX)) as string[];

/** The editor's values of a question, or of a new one (a single choice with four empty options). */
export function questionFormValues(
  question: ExamQuestionItem | null,
  categoryId?: number,
): QuestionFormValues {
  if (!question)
    return { categoryId: categoryId ?? null, type: 'SINGLE', content: '', options: ['', '', '', ''] };
  return {
    categoryId: question.categoryId,
    type: question.type,
    content: question.content,
    options: hasOwnOptions(question.type) ? question.options : ['', '', '', ''],
    answer: question.type === 'MULTIPLE' ? undefined : question.answer || undefined,
    answers: question.type === 'MULTIPLE' ? question.answer.split('') : undefined,
    acceptedText: question.acceptedAnswers.join('\n'),
    analysis: question.analysis ?? undefined,
  };
}

/** The save payload of the editor's values: only what the type takes. */
export function questionSavePayload(values: QuestionFormValues, id?: number): ExamQuestionSaveInput {
  const base = {
    ...(id ? { id } : {}),
    categoryId: values.categoryId ?? null,
    type: values.type,
    content: values.content,
    analysis: values.analysis?.trim() || undefined,
  };
  switch (values.type) {
    case 'SINGLE':
      return { ...base, options: values.options, answer: values.answer ?? '', acceptedAnswers: [] };
    case 'MULTIPLE':
      return {
        ...base,
        options: values.options,
        answer: [...(values.answers ?? [])].sort().join(''),
        acceptedAnswers: [],
      };
    case 'JUDGE':
      return { ...base, options: [], answer: values.answer ?? '', acceptedAnswers: [] };
    case 'FILL':
      return {
        ...base,
        options: [],
        answer: '',
        acceptedAnswers: (values.acceptedText ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      };
  }
}

/** A question's right answer as the list shows it: letters, or the accepted fill-in answers. */
export function answerText(question: Pick<ExamQuestionItem, 'type' | 'answer' | 'acceptedAnswers'>): string {
  if (question.type === 'FILL') return question.acceptedAnswers.join(' / ');
  if (question.type === 'JUDGE')
    return question.answer === 'A' ? '正确' : question.answer === 'B' ? '错误' : '';
  return question.answer;
}
