import { idCardCheckChar } from '@px/config';
import { queryProduct } from './product';
import type { ProductServer } from './server';

/** The demo's reported class of last year (passed enrolments of it are reported to the regulator). */
export const REPORTED_CLASS = '公需科目综合学习班（上年度）';

/**
 * `count` valid mainland ID numbers, distinct for each `batch` (a region code per batch, one birth
 * day per person from 1970 on), so batches of one database never share a person.
 */
export function idNumbers(count: number, batch: number): string[] {
  const region = String(110101 + batch);
  const start = Date.UTC(1970, 0, 1);
  return Array.from({ length: count }, (_value, index) => {
    const day = new Date(start + index * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const first17 = `${region}${day}001`;
    return `${first17}${idCardCheckChar(first17)}`;
  });
}

/**
 * Writes `count` students of the demo project who passed `REPORTED_CLASS` (by SQL, as study and the
 * exam leave them: PASSED with the class's required hours), named `${prefix}<n in Chinese digits>`; answers the class
 * and the enrolments. `class/push` of the class then reports them.
 */
export async function seedPassedEnrolments(
  product: Pick<ProductServer, 'databaseUrl'>,
  count: number,
  options: { prefix: string; batch: number },
): Promise<{ classId: number; myClassIds: number[] }> {
  const ids = idNumbers(count, options.batch);
  // The regulator takes names of Chinese characters only: the number in Chinese digits.
  const digits = '零一二三四五六七八九';
  const names = ids.map(
    (_id, index) =>
      `${options.prefix}${[...String(index + 1)].map((digit) => digits[Number(digit)]).join('')}`,
  );
  const rows = await queryProduct<{ id: number; class_id: number }>(
    product,
    `WITH cls AS (
       SELECT c.id, c.project_id,
              (SELECT COALESCE(SUM(hours_tenths), 0) FROM train_class_course
                WHERE class_id = c.id AND kind = 'REQUIRED') AS required_tenths
         FROM train_class c WHERE c.name = $1),
     student_role AS (
       SELECT r.id FROM role r JOIN cls ON r.project_id = cls.project_id WHERE r.code = 'student'),
     people AS (SELECT * FROM unnest($2::text[], $3::text[]) AS p(real_name, id_card_no)),
     accounts AS (
       INSERT INTO account (project_id, role_id, role_system, real_name, id_card_no, created_at, updated_at)
       SELECT cls.project_id, student_role.id, 3, people.real_name, people.id_card_no, now(), now()
         FROM people, cls, student_role
       RETURNING id, project_id)
     INSERT INTO my_class (project_id, account_id, class_id, status, required_tenths, elective_tenths,
                           finished_study_at, passed_at, created_at, updated_at)
     SELECT accounts.project_id, accounts.id, cls.id, 'PASSED', cls.required_tenths, 0,
            now(), now(), now(), now()
       FROM accounts, cls
     RETURNING id, class_id`,
    [REPORTED_CLASS, names, ids],
  );
  if (rows.length !== count) throw new Error(`wrote ${rows.length} of ${count} passed enrolments`);
  return { classId: Number(rows[0]?.class_id), myClassIds: rows.map((row) => Number(row.id)) };
}

/** How the pushes of the enrolments `myClassIds` stand, and what the regulator simulator holds of them. */
export async function deliveryOf(
  product: Pick<ProductServer, 'databaseUrl'>,
  myClassIds: readonly number[],
): Promise<{
  pushes: number;
  delivered: number;
  failed: number;
  held: number;
  heldPushNos: number;
  heldPeople: number;
  /** Pushes the simulator answered ACCEPTED more than once (a record taken twice). */
  acceptedTwice: number;
  /** Answers DUPLICATE: a push sent again whose record the regulator already held (counted as delivered). */
  duplicateAnswers: number;
}> {
  const [row] = await queryProduct<Record<string, string>>(
    product,
    `WITH mine AS (SELECT push_no, status FROM regulator_push WHERE my_class_id = ANY($1::int[]) AND kind = 'ORIGINAL'),
          held AS (SELECT r.push_no, r.id_number FROM regulator_sim.record r JOIN mine USING (push_no))
     SELECT (SELECT count(*) FROM mine) AS pushes,
            (SELECT count(*) FROM mine WHERE status = 'SUCCESS') AS delivered,
            (SELECT count(*) FROM mine WHERE status = 'FAILED') AS failed,
            (SELECT count(*) FROM held) AS held,
            (SELECT count(DISTINCT push_no) FROM held) AS held_push_nos,
            (SELECT count(DISTINCT id_number) FROM held) AS held_people,
            (SELECT count(*) FROM (SELECT l.push_no FROM regulator_sim.request_log l JOIN mine USING (push_no)
              WHERE l.code = 'ACCEPTED' GROUP BY l.push_no HAVING count(*) > 1) twice) AS accepted_twice,
            (SELECT count(*) FROM regulator_sim.request_log l JOIN mine USING (push_no)
              WHERE l.code = 'DUPLICATE') AS duplicate_answers`,
    [[...myClassIds]],
  );
  return {
    pushes: Number(row?.pushes ?? 0),
    delivered: Number(row?.delivered ?? 0),
    failed: Number(row?.failed ?? 0),
    held: Number(row?.held ?? 0),
    heldPushNos: Number(row?.held_push_nos ?? 0),
    heldPeople: Number(row?.held_people ?? 0),
    acceptedTwice: Number(row?.accepted_twice ?? 0),
    duplicateAnswers: Number(row?.duplicate_answers ?? 0),
  };
}
