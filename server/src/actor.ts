/** Who does a change, where: a staff account working in one site (the audit log and the rows' *_by record it). */
export interface Actor {
  siteId: number
  accountId: number
  /**
   * The id of the HTTP request the change is made in: its audit row records it, so that a
   * complaint about one reply leads to the changes it made. None outside a request (demo data).
   */
  httpRequestId?: string
}

/** The actor of a request: its session's site and account, and the request's id. */
export const actorOf = (request: { session: Actor; id: string }): Actor => ({
  siteId: request.session.siteId,
  accountId: request.session.accountId,
  httpRequestId: request.id,
})

/** A request's session, whole, as the actor of what it changes (a logout, a new password). */
export const sessionActorOf = <S extends Actor>(request: { session: S; id: string }): S => ({
  ...request.session,
  httpRequestId: request.id,
})
