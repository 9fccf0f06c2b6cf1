import { ROLE_SYSTEM } from '@px/config';
import { CART_ITEMS_MAX, type CartAnswer, type CartCheckout } from '../../contract/cart';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { useTestStorage } from '../resource/resource.testing';
import { chinaToday, CLASS_NOT_OFFERED as NOT_OFFERED } from '../train-class/class-read';
import { buildClass, enrol, shiftDay } from '../train-class/train-class.testing';
import { TrainPlan } from '../train-plan/train-plan.model';
import { ShopCartItem } from './cart.model';

let t: TestApp;
useTestStorage();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = chinaToday();

/** A project of its own (settings as given) with a signed-in student. */
async function scene(settings: Record<string, unknown> = {}) {
  const project = await buildProject({ settings });
  const student = (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT })).account;
  const token = await signIn(student);
  const post = (name: string, body: object = {}, as = token) =>
    t.http.post(`/api/shop-cart/${name}.action`).set('token', as).send(body);
  const offered = (overrides: Omit<Parameters<typeof buildClass>[0], 'projectId'> = {}) =>
    buildClass({ projectId: project.id, ...overrides }).then((built) => built.trainClass);
  return { project, student, token, post, offered };
}

const ok = (res: { body: { respCode: number; attribute: unknown } }) => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute;
};
const refused = (res: { body: unknown }, respDesc: string) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc });

describe('who may use the cart', () => {
  test('anonymous callers get 401, staff and unit managers 403, on every call', async () => {
    const project = await buildProject();
    const staff = await signIn(
      (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] }))
        .account,
    );
    const unitId = (await buildUnit(project.id)).id;
    const unit = await signIn(
      (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.UNIT, unitId })).account,
    );
    for (const name of ['find', 'count', 'save', 'delete', 'delete-all', 'one-click-join', 'open-cart']) {
      expect((await t.http.post(`/api/shop-cart/${name}.action`).send({ classId: 1 })).status).toBe(401);
      for (const token of [staff, unit])
        expect((await t.http.post(`/api/shop-cart/${name}.action`).set('token', token).send({})).status).toBe(
          403,
        );
    }
  });
});

describe('shop-cart/save', () => {
  test('adds an offered class once; counts; refuses a second add', async () => {
    const { post, offered } = await scene();
    const cls = await offered();
    expect(ok(await post('count'))).toEqual({ count: 0 });
    expect(ok(await post('save', { classId: cls.id }))).toEqual({ count: 1 });
    refused(await post('save', { classId: cls.id }), '已在购物车中');
    expect(ok(await post('count'))).toEqual({ count: 1 });
    const bad = await post('save', { classId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['classId']);
  });

  test('refuses classes not offered and classes of another project with the same message', async () => {
    const { post, offered } = await scene();
    const other = await scene();
    const refusedClasses = [
      await offered({ onShelf: false }),
      await offered({ planStatus: 'DRAFT' }),
      await offered({ planStatus: 'CLOSED' }),
      await offered({ enrolStartDate: shiftDay(today, 1) }),
      await offered({ enrolEndDate: shiftDay(today, -1) }),
      await other.offered(),
    ];
    for (const cls of refusedClasses) refused(await post('save', { classId: cls.id }), NOT_OFFERED);
    refused(await post('save', { classId: 2_000_000_000 }), NOT_OFFERED);
    expect(ok(await post('count'))).toEqual({ count: 0 });
  });

  test('refuses a class the student is enrolled in; a refunded enrolment does not count', async () => {
    const { post, offered, student } = await scene();
    const studying = await offered();
    await enrol(studying, student.id, 'STUDYING');
    refused(await post('save', { classId: studying.id }), '已报名该班级');
    const unpaid = await offered();
    await enrol(unpaid, student.id, 'PENDING_PAY');
    refused(await post('save', { classId: unpaid.id }), '已报名该班级');
    const refunded = await offered();
    await enrol(refunded, student.id, 'REFUNDED');
    expect(ok(await post('save', { classId: refunded.id }))).toEqual({ count: 1 });
  });

  test(`a cart holds at most ${CART_ITEMS_MAX} classes`, async () => {
    const { project, student, post, offered } = await scene();
    const { planId } = await offered({ courses: [] });
    const filler = await Promise.all(
      Array.from({ length: CART_ITEMS_MAX }, () => offered({ planId, courses: [] })),
    );
    await ShopCartItem.bulkCreate(
      filler.map((cls) => ({ projectId: project.id, accountId: student.id, classId: cls.id })),
    );
    const extra = await offered({ planId, courses: [] });
    const full = await post('save', { classId: extra.id });
    expect(full.body.respCode).toBe(-1);
    expect(full.body.respDesc).toContain(`最多放 ${CART_ITEMS_MAX} 个班级`);
    refused(await post('one-click-join', { classIds: [extra.id] }), full.body.respDesc);
    expect(ok(await post('count'))).toEqual({ count: CART_ITEMS_MAX });
  });

  test('two adds of the same class at once: one is added, the other is told it is in the cart', async () => {
    const { post, offered } = await scene();
    const cls = await offered();
    const answers = await Promise.all([post('save', { classId: cls.id }), post('save', { classId: cls.id })]);
    expect(answers.map((res) => res.body.respCode).sort()).toEqual([-1, 200]);
    expect(answers.find((res) => res.body.respCode === -1)?.body.respDesc).toBe('已在购物车中');
    expect(ok(await post('count'))).toEqual({ count: 1 });
  });
});

describe('shop-cart/find and open-cart', () => {
  test('items newest first with current prices; unavailable items keep their place but not the total', async () => {
    const { post, offered, student, project } = await scene({ payTip: '请在 30 分钟内完成支付' });
    const first = await offered({ name: '甲班', amountFen: 9_800, electiveHoursTenths: 5 });
    const second = await offered({ name: '乙班', amountFen: 12_000 });
    const third = await offered({ name: '丙班', amountFen: 26_000 });
    const fourth = await offered({ name: '丁班', amountFen: 100 });
    for (const cls of [first, second, third, fourth]) ok(await post('save', { classId: cls.id }));

    const cart = ok(await post('find')) as CartAnswer;
    expect(cart.items.map((item) => item.className)).toEqual(['丁班', '丙班', '乙班', '甲班']);
    expect(cart).toMatchObject({ totalAmount: 47_900, availableCount: 4 });
    expect(cart.items[3]).toMatchObject({
      classId: first.id,
      year: first.year,
      baseType: 'public',
      categoryPath: '公需科目',
      amount: 9_800,
      requiredHours: 1,
      electiveHours: 0.5,
      available: true,
      unavailableReason: null,
    });

    // The class goes off the shelf, another's window closes, the student enrols in a third, a price changes.
    await second.update({ onShelf: false });
    await third.update({ enrolEndDate: shiftDay(today, -1) });
    await enrol(fourth, student.id, 'STUDYING');
    await first.update({ amountFen: 8_800 });
    const after = ok(await post('find')) as CartAnswer;
    expect(after.items.map((item) => [item.className, item.unavailableReason])).toEqual([
      ['丁班', 'ENROLLED'],
      ['丙班', 'ENROL_CLOSED'],
      ['乙班', 'OFF_SHELF'],
      ['甲班', null],
    ]);
    expect(after).toMatchObject({ totalAmount: 8_800, availableCount: 1 });

    const checkout = ok(await post('open-cart')) as CartCheckout;
    expect(checkout.items.map((item) => item.className)).toEqual(['甲班']);
    expect(checkout.unavailable.map((item) => item.unavailableReason)).toEqual([
      'ENROLLED',
      'ENROL_CLOSED',
      'OFF_SHELF',
    ]);
    expect(checkout).toMatchObject({ totalAmount: 8_800, payTip: '请在 30 分钟内完成支付' });

    // A plan closed later makes its class unavailable too.
    await TrainPlan.update({ status: 'CLOSED' }, { where: { id: first.planId, projectId: project.id } });
    expect(ok(await post('open-cart'))).toMatchObject({ items: [], totalAmount: 0 });
  });

  test('open-cart of some items; ids of other carts are refused', async () => {
    const { post, offered } = await scene({ hideElective: 1 });
    const other = await scene();
    const a = await offered({ amountFen: 1_000, electiveHoursTenths: 5 });
    const b = await offered({ amountFen: 2_000 });
    ok(await post('save', { classId: a.id }));
    ok(await post('save', { classId: b.id }));
    ok(await other.post('save', { classId: (await other.offered()).id }));
    const items = (ok(await post('find')) as CartAnswer).items;
    const itemOf = (classId: number) => items.find((item) => item.classId === classId)?.id as number;
    const some = ok(await post('open-cart', { ids: [itemOf(a.id)] })) as CartCheckout;
    expect(some.items.map((item) => item.classId)).toEqual([a.id]);
    expect(some).toMatchObject({ totalAmount: 1_000, payTip: '' });
    expect(some.items[0]?.electiveHours).toBe(0);
    const theirs = (ok(await other.post('find')) as CartAnswer).items[0]?.id as number;
    refused(await post('open-cart', { ids: [itemOf(a.id), theirs] }), '所选班级不在您的购物车中');
  });
});

describe('shop-cart/delete and delete-all', () => {
  test("removes the student's own items only; another's ids refuse the whole call", async () => {
    const { post, offered } = await scene();
    const other = await scene();
    for (const cls of [await offered(), await offered(), await offered()])
      ok(await post('save', { classId: cls.id }));
    ok(await other.post('save', { classId: (await other.offered()).id }));
    const mine = (ok(await post('find')) as CartAnswer).items.map((item) => item.id);
    const theirs = (ok(await other.post('find')) as CartAnswer).items.map((item) => item.id);

    refused(await post('delete', { ids: [mine[0], theirs[0]] }), '所选班级不在您的购物车中');
    expect(ok(await post('count'))).toEqual({ count: 3 });
    expect(ok(await other.post('count'))).toEqual({ count: 1 });
    expect((await post('delete', { ids: [] })).status).toBe(400);

    expect(ok(await post('delete', { ids: mine.slice(0, 2) }))).toEqual({ count: 1 });
    expect(ok(await post('delete-all'))).toEqual({ count: 0 });
    expect(ok(await other.post('count'))).toEqual({ count: 1 });
  });
});

describe('shop-cart/one-click-join', () => {
  test('adds offered classes, skipping those in the cart or enrolled', async () => {
    const { post, offered, student } = await scene();
    const inCart = await offered();
    const enrolled = await offered();
    const fresh = [await offered(), await offered()];
    ok(await post('save', { classId: inCart.id }));
    await enrol(enrolled, student.id, 'PASSED');
    const answer = ok(
      await post('one-click-join', { classIds: [inCart.id, enrolled.id, ...fresh.map((cls) => cls.id)] }),
    );
    expect(answer).toEqual({ added: 2, skipped: 2, count: 3 });
    const classIds = (ok(await post('find')) as CartAnswer).items.map((item) => item.classId).sort();
    expect(classIds).toEqual([inCart.id, ...fresh.map((cls) => cls.id)].sort());
  });

  test('all or nothing: one class not offered (or of another project) adds none', async () => {
    const { post, offered } = await scene();
    const other = await scene();
    const good = await offered();
    for (const bad of [await offered({ onShelf: false }), await other.offered()])
      refused(await post('one-click-join', { classIds: [good.id, bad.id] }), NOT_OFFERED);
    expect(ok(await post('count'))).toEqual({ count: 0 });
    expect((await post('one-click-join', { classIds: [] })).status).toBe(400);
  });
});
