/** Twitch glyph shown beside the name of users who signed in through Twitch. */
export function TwitchIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} role="img" aria-label="Signed in with Twitch" fill="currentColor">
      <path d="M4.3 2 3 5.4v13.8h4.7V22h2.6l2.7-2.8h3.9L22 14V2H4.3Zm15.9 11.1-3.1 3.1h-4.7l-2.7 2.7v-2.7H5.6V3.8h14.6v9.3ZM17.3 7.3v5.3h-1.8V7.3h1.8Zm-4.9 0v5.3h-1.8V7.3h1.8Z" />
    </svg>
  );
}
