import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { env } from '#web/config/env';
import { paths } from '#web/config/paths';
import './onboarding.css';

const ICONS = {
  mail: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="m4 7.5 8 5.5 8-5.5" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
    </svg>
  ),
  extension: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M9 4.5a2 2 0 0 1 4 0V6h3.5A1.5 1.5 0 0 1 18 7.5V11h1.5a2 2 0 0 1 0 4H18v3.5a1.5 1.5 0 0 1-1.5 1.5H13v-1.5a2 2 0 0 0-4 0V20H5.5A1.5 1.5 0 0 1 4 18.5V15h1.5a2 2 0 0 0 0-4H4V7.5A1.5 1.5 0 0 1 5.5 6H9Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  ),
  screenshots: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3.5" y="6" width="13" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M7.5 3.5h11a2 2 0 0 1 2 2v8" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
      <path d="m6 14 3-3 2.5 2.5L13 12l2 2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  ),
  team: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="9" cy="9" r="3" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <circle cx="16.5" cy="10" r="2.3" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M3.5 19c.6-3 2.8-4.6 5.5-4.6s4.9 1.6 5.5 4.6M15 15c2.5-.4 4.7 1 5.3 4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
    </svg>
  ),
  check: (
    <svg viewBox="0 0 16 16" aria-hidden="true">
      <path d="m3.5 8.3 2.8 2.8 6.2-6.3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
};

interface StepProps {
  icon: ReactNode;
  title: string;
  done?: boolean;
  children: ReactNode;
  action?: ReactNode;
}

function Step({ icon, title, done = false, children, action }: StepProps) {
  return (
    <li className={['welcome-step', done && 'welcome-step--done'].filter(Boolean).join(' ')}>
      <span className="welcome-step__icon">{done ? ICONS.check : icon}</span>
      <div className="welcome-step__body">
        <h2 className="welcome-step__title">
          {title}
          {done ? <span className="welcome-step__done">Done</span> : null}
        </h2>
        <div className="welcome-step__text">{children}</div>
        {action ? <div className="welcome-step__action">{action}</div> : null}
      </div>
    </li>
  );
}

export interface WelcomeStepsProps {
  emailVerified: boolean;
  email: string;
}

/** What to do first: verify the address, capture with the extension or start from screenshots, invite the team. */
export function WelcomeSteps({ emailVerified, email }: WelcomeStepsProps) {
  return (
    <ol role="list" className="welcome-steps">
      <Step icon={ICONS.mail} title="Verify your email" done={emailVerified}>
        {emailVerified ? (
          <p>Your email address is verified. Invitations to organizations can reach you at {email}.</p>
        ) : (
          <p>Open the link we mailed to {email}. It confirms the address is yours so you can accept invitations.</p>
        )}
      </Step>
      <Step
        icon={ICONS.extension}
        title="Get the browser extension"
        action={
          <a href={env.EXTENSION_STORE_URL} target="_blank" rel="noopener noreferrer" className={buttonClassName()}>
            Get the extension
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        }
      >
        <p>
          1-click capture: start recording on any web page, click through your flow, and {PRODUCT_NAME} turns every click
          into a step with a screenshot and its words, ready for a voiceover.
        </p>
        <details className="welcome-step__details">
          <summary>Developing locally? Load it unpacked</summary>
          <ol className="welcome-step__instructions">
            <li>
              Open <code>chrome://extensions</code> in Chrome or another Chromium browser.
            </li>
            <li>Turn on Developer mode (top right).</li>
            <li>
              Choose Load unpacked and select the extension&rsquo;s build folder (<code>extension/dist</code> in the
              repository).
            </li>
            <li>Pin {PRODUCT_NAME} to the toolbar, open the page you want to capture and click it.</li>
          </ol>
        </details>
      </Step>
      <Step
        icon={ICONS.screenshots}
        title="Or create a guide from screenshots"
        action={
          <Link to={paths.dashboard.recents.getHref({ new: 'screenshots' })} className={buttonClassName({ variant: 'outline' })}>
            Create from screenshots
          </Link>
        }
      >
        <p>
          No extension? Upload the screenshots of a flow: each becomes a step with a starting sentence, marked for you to
          finish, and with Pro your words become a voiceover.
        </p>
      </Step>
      <Step
        icon={ICONS.team}
        title="Invite your team"
        action={
          <Link to={paths.dashboard.organization.getHref()} className={buttonClassName({ variant: 'outline' })}>
            Invite teammates
          </Link>
        }
      >
        <p>Guides live in your organization. Invite the people who should see and edit them.</p>
      </Step>
    </ol>
  );
}
