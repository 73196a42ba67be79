import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { formByName } from '@yuezi/contract/forms/index'
import type { FormData } from '@yuezi/contract/forms/types'
import { validateForm, type UploadCheck } from '@yuezi/contract/forms/validate'
import { writeAudit } from '../repositories/audit.js'
import { siteCustomer } from '../repositories/customers.js'
import * as checkNotice from '../repositories/checkNotice.js'
import { logAccess } from './accessLog.js'

// The check-in rules (入住须知) a new centre starts with, for the mother or her family to read and
// sign; the centre changes them to its own.

export const CHECK_NOTICE_TITLE = '入住须知'
export const CHECK_NOTICE_CONTENT = `尊敬的宾客：欢迎入住本中心。为了给妈妈和宝宝提供安全、安静、卫生的休养环境，请您和家属仔细阅读并遵守以下须知：

1. 探视时间为每日 10:00–11:30、15:00–20:00。每次探视不超过 2 人，每次不超过 30 分钟，以免影响妈妈和宝宝休息。
2. 访客须在前台登记并测量体温；有发热、咳嗽、腹泻、皮疹等症状者及 12 岁以下儿童，谢绝进入母婴区。
3. 进入房间前请洗手或使用免洗手消毒液，接触宝宝前须再次洗手并佩戴口罩；请勿亲吻宝宝的面部和小手。
4. 为预防感染，请勿将鲜花、宠物及未经消毒的毛绒玩具带入母婴区；外带食品须经营养师同意后方可食用。
5. 宝宝的喂养、沐浴、抚触和脐部护理由母婴护理师按时完成；请勿自行给宝宝喂水、喂药或使用外用药品，如有需要请联系护理人员。
6. 宝宝须仰卧睡在自己的婴儿床上，不与成人同床；婴儿床内请勿放置枕头、被子堆叠物及玩具。宝宝离开房间须由护理人员陪同。
7. 现金、首饰、证件等贵重物品请随身妥善保管，或寄存于前台保险柜；未寄存的贵重物品如有遗失，本中心不承担赔偿责任。
8. 中心内全面禁烟，严禁使用明火及电热毯、电暖器、电磁炉等大功率电器；请熟悉房门背后的疏散示意图，发生火警时听从工作人员指挥，切勿乘坐电梯。
9. 请爱护房间内的设施和物品，如有损坏或遗失须照价赔偿；退房时请将借用物品归还原处。
10. 外出请提前告知护理人员并在前台登记，22:00 以后请勿外出；入住期间如有身体不适或其他需要，请随时按床头呼叫铃。

本须知自宾客签字之日起生效，感谢您的理解与配合。`

/** The form whose rules an acknowledgement follows (@yuezi/contract/forms). */
const ACKNOWLEDGEMENT_FORM = '入住须知'

/** The site's acknowledgements, newest first; their signatures are logged as read. */
export async function listAnswers(db: Db, actor: Actor, query: { customerId?: number; page: number; limit: number }) {
  const page = await checkNotice.listAnswers(db, actor.siteId, query)
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!
  const read = page.list.map((answer) => ({
    kind: 'answer' as const,
    id: answer.id,
    customerId: answer.customer_id,
    definition,
    data: answer.data,
  }))
  await logAccess(db, actor, 'read', read)
  return page
}

/** The site's current check-in rules; else not-found. */
export async function getSurvey(db: Db, siteId: number) {
  const survey = await checkNotice.currentSurvey(db, siteId)
  if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.none')
  return survey
}

export interface AnswerInput {
  customerId: number
  surveyId: number
  data: FormData
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/** Stores a customer's signed acknowledgement of the site's current rules; one live one per customer and version. */
export async function saveAnswer(db: Db, actor: Actor, input: AnswerInput): Promise<number> {
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!
  const errors = validateForm(definition, input.data, input.isUpload)
  if (errors.length) throw new FormInvalidError(errors)
  return db.transaction(async (tx) => {
    const customer = await siteCustomer(tx, actor.siteId, input.customerId)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const survey = await checkNotice.findSurvey(tx, actor.siteId, input.surveyId)
    if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.notFound')
    // Signing rules that have since changed would acknowledge a text nobody was shown.
    if ((await checkNotice.currentSurvey(tx, actor.siteId))?.id !== survey.id)
      throw new AppError(Code.CONFLICT, 'survey.outdated')

    const id = await checkNotice.insertAnswer(tx, actor, {
      customerId: customer.id,
      surveyId: survey.id,
      data: input.data,
    })
    if (id === undefined) throw new AppError(Code.CONFLICT, 'survey.alreadyAnswered')
    await writeAudit(tx, { ...actor, action: 'create', entity: 'survey_answers', entityId: id })
    return id
  })
}
