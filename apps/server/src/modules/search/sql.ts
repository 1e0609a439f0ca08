/** Raw-statement helpers, shared by every module in platform/db (kept here for the search module's imports). */
export { rowsOf, textArray, uuidArray } from '../../platform/db/raw-sql.js';
