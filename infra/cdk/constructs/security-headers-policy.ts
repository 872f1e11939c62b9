import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

export interface ResponseHeadersBehaviors {
  readonly securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  readonly customHeaders: ResponseCustomHeader[];
}

function referrerPolicy(value: string): HeadersReferrerPolicy {
  const known = Object.values(HeadersReferrerPolicy).find((policy) => String(policy) === value);
  if (!known) throw new Error(`referrer-policy "${value}" is not one CloudFront can send`);
  return known;
}

function frameOption(value: string): HeadersFrameOption {
  const known = Object.values(HeadersFrameOption).find((option) => String(option) === value.toUpperCase());
  if (!known) throw new Error(`x-frame-options "${value}" is not one CloudFront can send`);
  return known;
}

function strictTransportSecurity(value: string): ResponseSecurityHeadersBehavior['strictTransportSecurity'] {
  const maxAge = /max-age=(\d+)/i.exec(value)?.[1];
  if (!maxAge) throw new Error(`strict-transport-security "${value}" has no max-age`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge)),
    includeSubdomains: /includeSubDomains/i.test(value),
    preload: /preload/i.test(value),
    override: true,
  };
}

/**
 * Turns a header map as `shared/security-headers.ts` spells it into CloudFront's shape: the
 * headers CloudFront models as security headers go to `securityHeadersBehavior` (it refuses them
 * as custom headers), every other one is a custom header. Deriving both from the shared map keeps
 * CloudFront, the handlers and the local server sending the same headers; a header added there
 * reaches CloudFront with no change here. Every header overrides what the origin sent, so an
 * origin cannot weaken them.
 */
export function responseHeadersFrom(headers: Readonly<Record<string, string>>): ResponseHeadersBehaviors {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'strict-transport-security':
        security.strictTransportSecurity = strictTransportSecurity(value);
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`x-content-type-options "${value}" is not nosniff`);
        security.contentTypeOptions = { override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: referrerPolicy(value), override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: frameOption(value), override: true };
        break;
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeaders };
}

export interface SecurityHeadersPolicyProps {
  /** every header the behaviour's responses carry, name → value */
  readonly headers: Readonly<Record<string, string>>;
  /** what the policy is for, shown in the CloudFront console. @default no comment */
  readonly comment?: string;
  /** origin response headers CloudFront drops before answering, cached answers included. @default none */
  readonly removeHeaders?: readonly string[];
}

/** A CloudFront response headers policy built from a shared header map (see responseHeadersFrom). */
export class SecurityHeadersPolicy extends ResponseHeadersPolicy {
  constructor(scope: Construct, id: string, props: SecurityHeadersPolicyProps) {
    const { securityHeadersBehavior, customHeaders } = responseHeadersFrom(props.headers);
    super(scope, id, {
      comment: props.comment,
      securityHeadersBehavior,
      ...(customHeaders.length > 0 ? { customHeadersBehavior: { customHeaders } } : {}),
      ...(props.removeHeaders?.length ? { removeHeaders: [...props.removeHeaders] } : {}),
    });
  }
}
