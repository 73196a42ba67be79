/** Who does a change, where: a staff account working in one site (the audit log and the rows' *_by record it). */
export interface Actor {
  siteId: number;
  accountId: number;
}

/** The actor of a request: its session's site and account, and nothing else of the session. */
export const actorOf = (request: { session: Actor }): Actor => ({
  siteId: request.session.siteId,
  accountId: request.session.accountId,
});
