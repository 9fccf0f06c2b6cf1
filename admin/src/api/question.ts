import type { QuestionSaveInput } from '@px/api/contract';
import { api } from './request';

/** The pop-up questions of a video, by mark. Rejects with an ApiError. */
export const queryQuestions = (resourceId: number) => api.call('resource/question-query', { resourceId });

/** Creates or edits a pop-up question. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const saveQuestion = (payload: QuestionSaveInput) => api.call('resource/question-save', payload);

/** Deletes a pop-up question. Rejects with an ApiError. */
export const deleteQuestion = (id: number) => api.call('resource/question-delete', { id });
