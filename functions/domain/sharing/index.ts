export * as GuideMe from './guide-me';
export * as Share from './share';
