/**
 * A text as ONE quoted argument of a Rust console command, whatever it contains. The game's console
 * splits a line on spaces outside double quotes and has no escape for a quote inside one, and a console
 * host may end a command at `;`, so: control characters (a line break would end the command) become
 * spaces, double quotes become single ones, backslashes slashes, semicolons commas, runs of spaces
 * collapse, and the result is wrapped in double quotes.
 * Chat rich-text tags (<color>, <size>) are defused too, so a player's name cannot restyle the chat.
 */
export function quoteConsoleArg(text: string, maxLength = 200): string {
  return `"${gameText(text, maxLength)}"`;
}

/** A text as the game may show it in chat: one line, no quotes or rich-text tags (see above). */
export function gameText(text: string, maxLength = 200): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replaceAll('"', "'")
      .replaceAll('\\', '/')
      .replaceAll(';', ',')
      .replaceAll('<', '‹')
      .replaceAll('>', '›')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, maxLength)
  );
}
