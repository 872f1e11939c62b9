/** The seeded demo account: printed by npm start and listed in the README. */
export const DEMO_ACCOUNT = {
  name: 'Demo Author',
  email: 'demo@stepcast.dev',
  password: 'stepcast-demo',
  organization: 'Demo Team',
} as const;
