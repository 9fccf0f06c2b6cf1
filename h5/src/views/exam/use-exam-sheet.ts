import type { ExamResult, ExamSheet } from '@px/api/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getExamResult, saveExamAnswers, submitExam } from '../../api/exam';
import { type AnswerMap, answerList, answerMapOf } from './exam-sheet';

/** How long after the last change answers wait before they are saved (typing a fill-in). */
export const SAVE_DELAY_MS = 800;

/** Where saving the answers stands: nothing changed yet, all kept, on the way, or the last try failed (tried again). */
export type SaveState = 'idle' | 'saved' | 'saving' | 'failed';

export interface ExamSheetState {
  answers: AnswerMap;
  /** Sets one answer (saved shortly after). */
  setAnswer: (no: number, answer: string) => void;
  /** Saves the changed answers now (moving to another question). */
  flush: () => Promise<void>;
  saveState: SaveState;
  /** Seconds left of an exam by the server's clock; null for an exercise. */
  remaining: number | null;
  /** Submits every answer; resolves with the graded result. Rejects when the server refuses. */
  submit: () => Promise<ExamResult>;
  /** The attempt ended because its time ran out (the result follows). */
  timedOut: boolean;
}

/**
 * The answer sheet of an open attempt: the answers as the student gives them, saved to the server
 * shortly after each change (`exam/save`, only those changed, retried with the next change or
 * move), the countdown from the server's time left (an exam), and the submission. When the time
 * runs out the attempt is submitted with what it holds and `onTimeUp` gets the result (the server
 * finalises a late attempt itself; its result is read when the submission is refused).
 */
export function useExamSheet(sheet: ExamSheet, onTimeUp: (result: ExamResult) => void): ExamSheetState {
  const [answers, setAnswers] = useState<AnswerMap>(() => answerMapOf(sheet.answers));
  const answersRef = useRef(answers);
  const dirty = useRef(new Set<number>());
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const finished = useRef(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [timedOut, setTimedOut] = useState(false);
  const timed = sheet.remainingSeconds !== null;
  // The end by this device's clock, from the server's seconds left (so a wrong device clock does not matter).
  const endsAt = useRef(Date.now() + (sheet.remainingSeconds ?? 0) * 1000);
  const [remaining, setRemaining] = useState(sheet.remainingSeconds ?? 0);
  const start = useCallback((seconds: number) => {
    endsAt.current = Date.now() + seconds * 1000;
    setRemaining(Math.max(0, Math.ceil(seconds)));
  }, []);

  useEffect(() => {
    if (!timed) return undefined;
    const tick = () => setRemaining(Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000)));
    const interval = window.setInterval(tick, 1000);
    return () => window.clearInterval(interval);
  }, [timed]);

  const flush = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (saving.current) await saving.current;
    if (finished.current || dirty.current.size === 0) return;
    const numbers = [...dirty.current];
    dirty.current.clear();
    setSaveState('saving');
    const task = saveExamAnswers(sheet.attemptId, answerList(answersRef.current, numbers)).then(
      (answer) => {
        if (dirty.current.size === 0) setSaveState('saved');
        if (answer.remainingSeconds !== null) start(answer.remainingSeconds);
      },
      () => {
        // Kept as changed: the next change, move or the submission sends them again.
        for (const no of numbers) dirty.current.add(no);
        setSaveState('failed');
      },
    );
    saving.current = task;
    await task;
    saving.current = null;
  }, [sheet.attemptId, start]);

  const setAnswer = useCallback(
    (no: number, answer: string) => {
      if (finished.current) return;
      answersRef.current = { ...answersRef.current, [no]: answer };
      setAnswers(answersRef.current);
      dirty.current.add(no);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  const submit = useCallback(async (): Promise<ExamResult> => {
    window.clearTimeout(timer.current);
    if (saving.current) await saving.current;
    const result = await submitExam(sheet.attemptId, answerList(answersRef.current));
    finished.current = true;
    dirty.current.clear();
    setSaveState('saved');
    return result;
  }, [sheet.attemptId]);

  // Time is up: submit what the sheet holds; a refusal (the server closed it first) reads the result.
  const onTimeUpRef = useRef(onTimeUp);
  onTimeUpRef.current = onTimeUp;
  useEffect(() => {
    if (!timed || remaining > 0 || finished.current) return;
    finished.current = true;
    setTimedOut(true);
    window.clearTimeout(timer.current);
    void submitExam(sheet.attemptId, answerList(answersRef.current))
      .catch(() => getExamResult(sheet.attemptId))
      .then((result) => onTimeUpRef.current(result))
      .catch(() => undefined);
  }, [timed, remaining, sheet.attemptId]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    answers,
    setAnswer,
    flush,
    saveState,
    remaining: timed ? remaining : null,
    submit,
    timedOut,
  };
}
