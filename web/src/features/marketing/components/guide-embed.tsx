import './guide-embed.css';

export interface GuideEmbedProps {
  /** the share embed route of a published guide */
  src: string;
  /** names the frame for screen readers (the guide's title) */
  title: string;
  /** load when the frame nears the viewport; a frame at the top of its page loads at once */
  lazy?: boolean;
}

/**
 * A published guide playing in a frame, the way customers embed it: the same `/share/…/embed`
 * route, framed at the player's 16:10 shape so the page does not jump when it loads.
 */
export function GuideEmbed({ src, title, lazy = true }: GuideEmbedProps) {
  return (
    <div className="guide-embed">
      <iframe
        className="guide-embed__frame"
        src={src}
        title={title}
        width={1280}
        height={800}
        loading={lazy ? 'lazy' : 'eager'}
        allow="autoplay; fullscreen"
        allowFullScreen
      />
    </div>
  );
}
