// Apart from the first run's service, so that the setup command shows it without loading the database.

/** The first manager's name when setup is given none: what records show, never her account. */
export const DEFAULT_MANAGER_NAME = '店长'
