import { PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#shared/product';
import type { TextLayoutProps } from '#web/components/layouts/text-layout';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** /privacy: what the product keeps, where, how long, who processes it, and how to remove it. */
export const PRIVACY_POLICY: TextLayoutProps = {
  title: 'Privacy Policy',
  updated: '2026-11-21',
  intro: (
    <>
      <p>
        {PRODUCT_NAME} turns a flow you click through into a narrated step-by-step guide. To do that it stores
        screenshots of the screens you capture, the text of each step and the voiceover made from it. This policy says
        what we keep, where it is kept, for how long, who helps us process it, and how you can see, take away or delete
        it.
      </p>
      <p>
        In short: your guides are yours, we keep them only to run the service, we never sell them, and deleting them
        deletes them.
      </p>
    </>
  ),
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {PRODUCT_NAME} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) runs the {PRODUCT_NAME} website, web app and browser
          extension, and is the controller of the personal data described here. Write to {mail} with any question about
          this policy or your data.
        </p>
      ),
    },
    {
      id: 'what-we-keep',
      title: 'What we keep',
      body: (
        <>
          <h3>Your account</h3>
          <ul>
            <li>Your name and email address, and whether you have confirmed the address.</li>
            <li>
              Your password, stored only as an Argon2id hash: we cannot read it, and nobody at {PRODUCT_NAME} can tell
              you what it is.
            </li>
            <li>
              Your sessions: when each started and expires, and the browser and IP address it was started from, so you
              can see where you are signed in and sign other devices out.
            </li>
            <li>The organisations, teams and roles you belong to, and invitations you send or receive.</li>
          </ul>
          <h3>Your guides</h3>
          <ul>
            <li>
              The screenshot of each step, the position of the click, and the role and name of the element you
              clicked. Password, email, phone, card and one-time-code fields, and anything matching selectors you add,
              are covered with a solid fill in your browser before the screenshot is uploaded; what you type into
              fields is never recorded.
            </li>
            <li>The step text and narration, including your edits, and the voiceover audio made from them.</li>
            <li>Exports you make (video, PDF, Markdown, HTML), titles, folders and sharing settings.</li>
          </ul>
          <h3>Billing</h3>
          <p>
            If you subscribe to {PRO_PLAN.name}, payment is handled by Stripe. We keep your Stripe customer reference
            and the state of your subscription (active, trialing, ending). Your card details go to Stripe directly and
            never reach our servers.
          </p>
          <h3>Technical data</h3>
          <p>
            Our servers log requests (time, path, status, and errors) to keep the service running and secure. To
            limit repeated sign-in attempts we count requests per IP address in short windows; the counts then
            expire. We use one cookie, the session
            cookie that keeps you signed in; it is strictly necessary, so we do not ask for consent to set it. We use
            no advertising or cross-site tracking cookies.
          </p>
          <h3>People who watch a guide</h3>
          <p>
            When someone watches a published guide, on its page or embedded in another site, the player tells us which
            steps they reached, whether they finished it or clicked its call to action, whether it was embedded, and the
            name of the site they came from (not the page). It identifies the viewer only by a random number kept in that
            browser tab for the tab&rsquo;s life, never by a cookie; we do not store their IP address (it is used, in a
            form we cannot read back, to limit how many events one address sends, for a minute), and no third party is
            involved. The guide&rsquo;s organisation sees the totals per day; viewers who are members of it, and known
            crawlers, are not counted.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      body: (
        <>
          <p>We use your data only to:</p>
          <ul>
            <li>run the service: store, play, share and export your guides (performance of our contract with you);</li>
            <li>send mail you need: confirmation links, password resets, invitations, receipts (contract);</li>
            <li>keep accounts and the service secure and prevent abuse (our legitimate interest);</li>
            <li>meet tax, accounting and other legal duties (legal obligation).</li>
          </ul>
          <p>
            We do not sell personal data, do not use your guides for advertising, and do not use your content to train
            AI models.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'What others can see',
      body: (
        <p>
          A guide is visible to people outside your organisation only if you publish it: then anyone with its link, or
          visiting a page where you embedded it, can watch it, and search engines may find it if the link is posted
          publicly. Private guides ({PRO_PLAN.name}) open only for members of your organisation. Members of your
          organisation can see and edit its guides.
        </p>
      ),
    },
    {
      id: 'where',
      title: 'Where your data is stored',
      body: (
        <p>
          Everything is stored with Amazon Web Services (AWS) in the United States, in the US East (N. Virginia)
          region: account and guide records in Amazon DynamoDB, screenshots, audio and exports in Amazon S3, encrypted
          at rest. Published guides&rsquo; images are delivered through Amazon CloudFront, which caches copies at its
          locations around the world. Data travels only over encrypted connections (HTTPS). Where data leaves the
          European Economic Area or the United Kingdom, we rely on the European Commission&rsquo;s standard
          contractual clauses and the UK addendum, which both AWS and Stripe offer.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <table>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Kept</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Account, organisations, guides and their files</td>
              <td>Until you delete them, or delete your account</td>
            </tr>
            <tr>
              <td>Sessions</td>
              <td>Until you sign out, or at most 7 days (1 day without &ldquo;remember me&rdquo;)</td>
            </tr>
            <tr>
              <td>Invitations</td>
              <td>48 hours unless accepted</td>
            </tr>
            <tr>
              <td>Backups of the database</td>
              <td>35 days, after which deleted records are gone from backups too</td>
            </tr>
            <tr>
              <td>Server logs</td>
              <td>Up to 1 year</td>
            </tr>
            <tr>
              <td>Subscription records</td>
              <td>As long as tax and accounting law requires (Stripe keeps payment records under its own policy)</td>
            </tr>
          </tbody>
        </table>
      ),
    },
    {
      id: 'deletion',
      title: 'Deleting your data',
      body: (
        <>
          <p>
            Deleting a guide removes it, its screenshots, audio and exports. Deleting your account (Account settings,
            then Delete account) ends all your sessions at once and removes your account; organisations that only you
            belong to are deleted with all their guides, folders and files. If an organisation has other members, you
            leave it and its guides stay with the team: make someone else an owner first.
          </p>
          <p>
            Deleted records leave our live systems immediately and our backups within 35 days. Links to deleted or
            private guides stop working at once, although a copy cached by a viewer&rsquo;s browser may remain on their
            device.
          </p>
        </>
      ),
    },
    {
      id: 'subprocessors',
      title: 'Who processes data for us',
      body: (
        <>
          <p>We use two subprocessors, each bound by a data processing agreement:</p>
          <table>
            <thead>
              <tr>
                <th scope="col">Subprocessor</th>
                <th scope="col">What for</th>
                <th scope="col">Location</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Amazon Web Services, Inc.</td>
                <td>
                  Hosting, database, file storage and delivery, email delivery (Amazon SES), and voiceover synthesis
                  (Amazon Polly)
                </td>
                <td>United States</td>
              </tr>
              <tr>
                <td>Stripe, Inc.</td>
                <td>Subscriptions, payments and invoices</td>
                <td>United States</td>
              </tr>
            </tbody>
          </table>
          <p>We will update this list before adding a subprocessor.</p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>
            You can see and correct your details in your account settings, and delete your guides and your account
            yourself at any time. You can also ask us, at {mail}, to:
          </p>
          <ul>
            <li>give you a copy of the personal data we hold about you, in a portable format;</li>
            <li>correct or delete it;</li>
            <li>restrict or object to how we use it.</li>
          </ul>
          <p>
            We answer within one month. If you are in the EEA or the UK you may also complain to your data protection
            authority.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Passwords are hashed with Argon2id; sessions use an HttpOnly, Secure cookie and can be revoked from your
          account; every request is encrypted in transit; data is encrypted at rest; and access inside {PRODUCT_NAME} is
          limited to what running the service needs. If a breach affects your data we will tell you without undue
          delay.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <p>{PRODUCT_NAME} is a tool for work and is not meant for anyone under 16. We do not knowingly keep their data.</p>,
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: (
        <p>
          When this policy changes we update the date at the top, and for changes that matter we tell account holders
          by email before they take effect. Questions, requests and complaints: {mail}. See also our{' '}
          <Link to={paths.terms.getHref()}>Terms of Service</Link>.
        </p>
      ),
    },
  ],
};
