export * as GuideTranslation from './guide-translation';
