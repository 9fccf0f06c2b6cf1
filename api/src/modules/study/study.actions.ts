import { studyCalls, studyPageCalls } from '../../contract/study';
import { implement } from '../../core/action';
import {
  answerQuestion,
  confirmIdle,
  endSession,
  heartbeat,
  startStudy,
  submitFaceCheck,
} from './session.service';
import { studyInfo } from './study.service';

/** The study page of an enrolment (`my-class/study-info`). */
export const studyPageActions = implement(studyPageCalls, {
  'study-info': (ctx, input) => studyInfo(ctx, input.myClassId),
});

/** Study sessions (`study/...`): start, heartbeat, pop-up answers, anti-idle, end. */
export const studyActions = implement(studyCalls, {
  start: (ctx, input) => startStudy(ctx, input),
  heartbeat: async (ctx, input) => {
    const answer = await heartbeat(ctx, input);
    ctx.providers.metrics.beat(answer.refusal);
    return answer;
  },
  'answer-question': (ctx, input) => answerQuestion(ctx, input),
  'confirm-idle': (ctx, input) => confirmIdle(ctx, input.sessionId),
  'face-check': (ctx, input) =>
    submitFaceCheck(
      ctx,
      input.sessionId,
      ctx.files.find((file) => file.field === 'file'),
    ),
  end: (ctx, input) => endSession(ctx, input.sessionId),
});
