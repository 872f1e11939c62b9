import { FREE_GUIDE_LIMIT, PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#shared/product';
import type { TextLayoutProps } from '#web/components/layouts/text-layout';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** /terms: the agreement for using the product and its one paid plan. */
export const TERMS_OF_SERVICE: TextLayoutProps = {
  title: 'Terms of Service',
  updated: '2026-11-21',
  intro: (
    <p>
      These terms are the agreement between you and {PRODUCT_NAME} for using the {PRODUCT_NAME} website, web app and
      browser extension (the &ldquo;service&rdquo;). By creating an account or using the service you accept them. If
      you use {PRODUCT_NAME} for an organisation, you accept them for that organisation and confirm you may do so.
    </p>
  ),
  sections: [
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          You need an account to create guides. Give us a real email address, keep your password to yourself and tell
          us at {mail} if you think someone else is using your account. You are responsible for what happens under
          your account. You must be at least 16 years old to use the service.
        </p>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <>
          <p>
            The screenshots, text, narration, voiceovers and exports you create (&ldquo;your content&rdquo;) remain
            yours. You give us permission to store, process, copy and display your content only as needed to run the
            service for you: for example to make the voiceover, to play a guide to the people you share it with, and to
            keep backups. This permission ends when you delete the content, apart from backups, which expire within 35
            days.
          </p>
          <p>
            You are responsible for your content and for having the right to capture what you capture. Screens of
            other companies&rsquo; software, and any personal data shown on them, may be subject to those
            companies&rsquo; terms and to privacy law. The extension covers common sensitive fields automatically, but
            check each guide before you share it.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing and embedding',
      body: (
        <p>
          When you publish a guide, anyone with its link, or visiting a page where you embedded it, can watch it. You
          can make a guide private again ({PRO_PLAN.name}) or delete it at any time, and its link stops working at once.
          Members of your organisation can see and edit its guides; organisation owners and admins manage who is a
          member.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>Do not use the service to:</p>
          <ul>
            <li>capture or share content you have no right to, or personal data without a lawful basis;</li>
            <li>publish anything illegal, deceptive, hateful or that infringes someone else&rsquo;s rights;</li>
            <li>distribute malware, phish, or send spam;</li>
            <li>
              break or overload the service, get around its limits or security, or access other people&rsquo;s
              accounts or data;
            </li>
            <li>copy the service to build a competing product.</li>
          </ul>
          <p>We may remove content or suspend accounts that break these rules, and will tell you why unless the law or safety prevents it.</p>
        </>
      ),
    },
    {
      id: 'plans',
      title: 'Plans, trial and billing',
      body: (
        <>
          <p>
            Without a subscription you can keep up to {FREE_GUIDE_LIMIT} guides. {PRO_PLAN.name} costs {PRO_PLAN.price}{' '}
            per {PRO_PLAN.interval}, billed in advance through Stripe, and adds the features listed on our{' '}
            <Link to={paths.pricing.getHref()}>pricing page</Link>.
          </p>
          <ul>
            <li>
              <strong>Trial.</strong> A first subscription starts with a {PRO_PLAN.trialDays}-day free trial. Unless you
              cancel before it ends, the subscription starts and the first period is charged.
            </li>
            <li>
              <strong>Renewal.</strong> The subscription renews each {PRO_PLAN.interval} until you cancel.
            </li>
            <li>
              <strong>Cancelling.</strong> Cancel any time from your account. You keep {PRO_PLAN.name} until the end of
              the period you paid for; we do not refund partial periods unless the law requires it.
            </li>
            <li>
              <strong>After it ends.</strong> Your guides stay, within the limits of an account without{' '}
              {PRO_PLAN.name}; features that need {PRO_PLAN.name}, such as private guides and embeds, stop working.
            </li>
            <li>
              <strong>Price changes.</strong> We will tell you at least 30 days before a new price applies to your
              subscription, so you can cancel first.
            </li>
          </ul>
          <p>Prices exclude taxes, which are added where the law requires.</p>
        </>
      ),
    },
    {
      id: 'service',
      title: 'The service',
      body: (
        <p>
          We work to keep {PRODUCT_NAME} available and your data safe, and we improve the service over time, which may
          change or retire features. Features marked &ldquo;soon&rdquo; are plans, not promises. We will give you
          reasonable notice of changes that take away something you pay for.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy',
      body: (
        <p>
          How we handle personal data, including the screenshots you capture, is described in our{' '}
          <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Ending the agreement',
      body: (
        <p>
          You can stop using the service and delete your account at any time. We may suspend or end your access if you
          seriously or repeatedly break these terms, or if the law requires it; where we can, we will warn you first and
          let you take your content with you.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Warranties and liability',
      body: (
        <>
          <p>
            The service is provided &ldquo;as is&rdquo;. To the extent the law allows, we give no warranty that it will
            be uninterrupted or error-free or fit a particular purpose.
          </p>
          <p>
            To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits
            or data, and our total liability for any claim is limited to what you paid us in the 12 months before it
            arose. Nothing in these terms limits liability that cannot be limited by law, or your rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: (
        <p>
          If we change these terms we update the date at the top and, for changes that matter, tell account holders by
          email at least 30 days before they take effect. Continuing to use the service after that means you accept
          them. Questions: {mail}.
        </p>
      ),
    },
  ],
};
