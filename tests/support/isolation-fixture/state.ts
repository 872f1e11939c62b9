/** A module of "the project's own code" with state, as a client or a cache would have. */
export const seen: string[] = [];
