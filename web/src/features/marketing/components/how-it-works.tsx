import type { ReactNode } from 'react';
import './marketing.css';

interface Step {
  title: string;
  body: string;
  icon: ReactNode;
}

const STEPS: Step[] = [
  {
    title: 'Capture',
    body: 'Start the recorder and click through your flow once. Each click, typed field and page becomes a step with its screenshot, and sensitive fields are covered before anything leaves your browser.',
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2" />
        <path d="m10 9 6 3-2.6.8L12 16z" />
      </svg>
    ),
  },
  {
    title: 'Narrate',
    body: 'Stepcast writes the text of every step and a spoken line to go with it, then voices it with a synthetic voiceover. Edit any word; only what changed is re-voiced.',
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      </svg>
    ),
  },
  {
    title: 'Share',
    body: 'Send a public link, embed the guide in your help centre or docs, or keep it private to your team. Everyone sees the steps played back in order, with the click highlighted.',
    icon: (
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </svg>
    ),
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="section how-it-works" aria-labelledby="how-it-works-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">How it works</p>
          <h2 id="how-it-works-title" className="section__title">
            From a click-through to a narrated guide
          </h2>
          <p className="section__lead">No screen recording to trim, no script to write, no voice to record.</p>
        </div>
        <ol role="list" className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <div className="steps__top">
                <span className="steps__icon">{step.icon}</span>
                <span className="steps__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
              </div>
              <h3 className="steps__title">{step.title}</h3>
              <p className="steps__body">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
