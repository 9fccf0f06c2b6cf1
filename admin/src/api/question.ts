import type { QuestionItem, QuestionType } from '@px/api/contract';
import { request } from './request';

/** The pop-up questions of a video, by mark. Rejects with an ApiError. */
export function queryQuestions(resourceId: number): Promise<QuestionItem[]> {
  return request<QuestionItem[]>({
    url: '/resource/question-query.action',
    method: 'post',
    data: { resourceId },
  });
}

/** What the question editor sends. */
export interface QuestionPayload {
  id?: number;
  resourceId: number;
  markSecond: number;
  type: QuestionType;
  content: string;
  options: string[];
  answer: string;
  explanation?: string;
}

/** Creates or edits a pop-up question. Rejects with an ApiError (an ApiFieldsError naming fields). */
export function saveQuestion(payload: QuestionPayload): Promise<QuestionItem> {
  return request<QuestionItem>({ url: '/resource/question-save.action', method: 'post', data: payload });
}

/** Deletes a pop-up question. Rejects with an ApiError. */
export function deleteQuestion(id: number): Promise<null> {
  return request<null>({ url: '/resource/question-delete.action', method: 'post', data: { id } });
}
