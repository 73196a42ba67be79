import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, surveys } from '../src/db/schema.js';
import { SURVEY_CONTENT } from '../src/demo/seed.js';
import { DEFAULT_ZONE, siteToday } from '../src/lib/dates.js';
import { definitionOf, validSample } from './formSamples.js';
import { addSite, call, startApp, type TestSite } from './helpers.js';

const API = '/api/care/index';

let app: FastifyInstance;
let site: TestSite;
before(async () => {
  app = await startApp();
  site = await addSite(app);
});
after(() => app.close());

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  call(app, `${API}/${path}`, body, { token: site.token, ...headers });

describe('medicines of a round record', () => {
  let recordId: number;

  before(async () => {
    const customer = site.customers[0];
    const data = {
      ...validSample(definitionOf('产科医生查房签到表'), { customer, room: customer.room, departmentIds: [] }),
      medicines: [{ medicine: '益母草颗粒', dose: '1袋', route: 'oral', frequency: '每日两次', days: 7 }],
    };
    recordId = (await post('saveForm', { name: '产科医生查房签到表', customer_id: customer.id, data })).res.id;
  });

  it('lists, adds, changes and deletes them, and the record shows them in data.medicines', async () => {
    const [first] = (await post('medicineList', { record_id: recordId })).res;
    assert.deepEqual(
      { ...first, created_at: undefined, updated_at: undefined },
      {
        id: first.id,
        record_id: recordId,
        medicine: '益母草颗粒',
        dose: '1袋',
        route: 'oral',
        frequency: '每日两次',
        days: 7,
        note: null,
        created_at: undefined,
        created_by: site.accountId,
        updated_at: undefined,
        updated_by: site.accountId,
      },
    );

    const added = await post('medicineSave', { record_id: recordId, medicine: '布洛芬缓释胶囊', dose: '0.3g', route: 'oral', note: '疼痛时' });
    assert.equal(added.code, 1);
    const changed = await post('medicineSave', { record_id: recordId, id: added.res.id, medicine: '布洛芬缓释胶囊', dose: '0.3g', days: 3 });
    assert.deepEqual(changed.res, { id: added.res.id });
    const list = (await post('medicineList', { record_id: recordId })).res;
    assert.deepEqual(list.map((m: { id: number }) => m.id), [first.id, added.res.id]);
    assert.equal(list[1].days, 3);
    assert.equal(list[1].note, null);

    const info = (await post('getFormRecordInfo', { id: recordId })).res;
    assert.deepEqual(info.data.medicines, [
      { medicine: '益母草颗粒', dose: '1袋', route: 'oral', frequency: '每日两次', days: 7 },
      { medicine: '布洛芬缓释胶囊', dose: '0.3g', days: 3 },
    ]);
    assert.deepEqual(info.medicines.map((m: { id: number }) => m.id), [first.id, added.res.id]);
    // Who changed the medicines changed the record.
    assert.ok(info.updated_at > info.created_at);
    // Saving the record without the medicines key keeps them.
    const { medicines: _, ...withoutMedicines } = info.data;
    const resaved = await post('saveForm', { name: info.name, customer_id: info.customer_id, id: recordId, data: withoutMedicines });
    assert.equal(resaved.code, 1, resaved.msg);
    assert.equal((await post('medicineList', { record_id: recordId })).res.length, 2);
    // The keyword search finds the record by its medicines, also those added one by one.
    const found = await post('getFormRecord', { keyword: '布洛芬' });
    assert.deepEqual(found.res.list.map((r: { id: number }) => r.id), [recordId]);

    assert.deepEqual(await post('medicineDel', { id: first.id }), { code: 1, msg: '成功', res: null });
    assert.deepEqual((await post('medicineList', { record_id: recordId })).res.map((m: { id: number }) => m.id), [added.res.id]);
    assert.deepEqual(await post('medicineDel', { id: first.id }), { code: -2, msg: '用药记录不存在或已删除', res: null });
    assert.equal((await post('getFormRecord', { keyword: '益母草' })).res.total, 0);

    const audit = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.entity, 'medicines')));
    assert.deepEqual(audit.map((a) => a.action).sort(), ['create', 'delete', 'update']);
  });

  it("validates them with the form's medicine row, naming the field", async () => {
    const missing = await post('medicineSave', { record_id: recordId, medicine: '维生素C' });
    assert.deepEqual(missing, { code: -1, msg: '请填写剂量', res: { errors: [{ path: 'dose', message: '请填写剂量' }] } });
    const route = await post('medicineSave', { record_id: recordId, medicine: '维生素C', dose: '1片', route: 'iv' }, { lang: 'en' });
    assert.equal(route.msg, 'Route is not one of the options');
    const long = await post('medicineSave', { record_id: recordId, medicine: '药'.repeat(51), dose: '1片' });
    assert.equal(long.msg, '药品名称最多50个字');
  });

  it('belong to round records only, live ones of the site', async () => {
    const customer = site.customers[1];
    const visit = validSample(definitionOf('访客出入登记表'), { customer, room: customer.room, departmentIds: [] });
    const visitId = (await post('saveForm', { name: '访客出入登记表', customer_id: customer.id, data: visit })).res.id;
    assert.deepEqual(await post('medicineList', { record_id: visitId }), {
      code: -1,
      msg: '「访客出入登记表」没有用药记录',
      res: null,
    });
    assert.equal((await post('medicineSave', { record_id: visitId, medicine: '维生素C', dose: '1片' })).code, -1);
    const [one] = (await post('medicineList', { record_id: recordId })).res;
    // A medicine of this record, named with another round record: not found.
    const rounds = validSample(definitionOf('儿科医生查房签到表'), { customer, room: customer.room, departmentIds: [] });
    const otherRound = (await post('saveForm', { name: '儿科医生查房签到表', customer_id: customer.id, data: rounds })).res.id;
    const wrongRecord = await post('medicineSave', { record_id: otherRound, id: one.id, medicine: 'x', dose: '1' });
    assert.deepEqual(wrongRecord, { code: -2, msg: '用药记录不存在或已删除', res: null });
    await post('delFormRecord', { id: recordId });
    assert.equal((await post('medicineList', { record_id: recordId })).code, -2);
    assert.equal((await post('medicineSave', { record_id: recordId, medicine: 'x', dose: '1' })).code, -2);
    assert.equal((await post('medicineDel', { id: one.id })).code, -2);
  });
});

describe('check-in rules', () => {
  const data = () => ({ agree: ['yes'], customer_signature: '/uploads/sign-1.png', sign_date: siteToday(DEFAULT_ZONE) });

  it("answers the site's current rules", async () => {
    const survey = (await post('getSurvey', {})).res;
    assert.deepEqual(survey, { id: survey.id, version: 1, title: '入住须知', content: SURVEY_CONTENT });
    const rules = survey.content.split('\n').filter((line: string) => /^\d+\. /.test(line));
    assert.equal(rules.length, 10);
    for (const topic of ['探视', '洗手', '宝宝', '贵重物品', '火警']) assert.ok(survey.content.includes(topic), topic);
  });

  it('stores one acknowledgement per customer and version, with who and when', async () => {
    const survey = (await post('getSurvey', {})).res;
    const customer = site.customers[0];
    const replies = await Promise.all([1, 2].map(() => post('answerSave', { customer_id: customer.id, survey_id: survey.id, data: data() })));
    assert.deepEqual(replies.map((r) => r.code).sort(), [-6, 1]);
    assert.equal(replies.find((r) => r.code === -6)!.msg, '该客户已签署过这一版入住须知');
    const { list, total } = (await post('answerList', { customer_id: customer.id })).res;
    assert.equal(total, 1);
    assert.deepEqual({ ...list[0], created_at: undefined }, {
      id: replies.find((r) => r.code === 1)!.res.id,
      survey_id: survey.id,
      version: 1,
      title: '入住须知',
      customer_id: customer.id,
      customer_name: customer.name,
      room: customer.room,
      data: data(),
      created_at: undefined,
      created_by: site.accountId,
      created_by_name: '测试员工',
    });
    assert.ok(Math.abs(Date.parse(list[0].created_at) - Date.now()) < 60_000);
  });

  it('validates the acknowledgement with the 入住须知 form', async () => {
    const survey = (await post('getSurvey', {})).res;
    const body = { customer_id: site.customers[1].id, survey_id: survey.id };
    const unsigned = await post('answerSave', { ...body, data: { ...data(), agree: [] } });
    assert.equal(unsigned.code, -1);
    assert.equal(unsigned.msg, '请填写我已阅读并同意');
    const en = await post('answerSave', { ...body, data: { ...data(), customer_signature: 'javascript:alert(1)' } }, { lang: 'en' });
    assert.equal(en.msg, 'Customer signature is not in the right format');
    assert.deepEqual(await post('answerSave', { ...body, survey_id: 99_999_999, data: data() }), {
      code: -2,
      msg: '入住须知不存在',
      res: null,
    });
  });

  it('asks for a new acknowledgement of a new version, and refuses one of an old version', async () => {
    const old = (await post('getSurvey', {})).res;
    await app.db.insert(surveys).values({ siteId: site.siteId, version: 2, title: '入住须知', content: `${SURVEY_CONTENT}\n11. 新增条款。` });
    const current = (await post('getSurvey', {})).res;
    assert.equal(current.version, 2);
    const customer = site.customers[2];
    const outdated = await post('answerSave', { customer_id: customer.id, survey_id: old.id, data: data() }, { lang: 'en' });
    assert.deepEqual(outdated, {
      code: -6,
      msg: 'The check-in rules have changed: please read them again before signing',
      res: null,
    });
    assert.equal((await post('answerSave', { customer_id: customer.id, survey_id: current.id, data: data() })).code, 1);
    assert.equal((await post('answerSave', { customer_id: site.customers[0].id, survey_id: current.id, data: data() })).code, 1);
    const all = (await post('answerList', { page: 1, limit: 2 })).res;
    assert.equal(all.total, 3);
    assert.deepEqual(all.list.map((a: { version: number }) => a.version), [2, 2]);
    assert.deepEqual((await post('answerList', { page: 2, limit: 2 })).res.list.map((a: { version: number }) => a.version), [1]);
  });
});
