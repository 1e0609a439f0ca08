/** A user's text inside a LIKE pattern: its %, _ and \ match themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
