/** Query keys of exports: a guide's list is the one cache every export view reads. */
export const exportQueryKeys = {
  all: ['exports'] as const,
  list: (guideId: string) => ['exports', 'list', guideId] as const,
};
