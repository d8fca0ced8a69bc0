/** SPEC §1: a full-screen fixed picture under every page, darkened by a 30% black overlay. */
export const BACKGROUND_IMAGE = '/api/hazmat.webp';

export function Background() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-0 bg-background">
      <div
        className="absolute inset-0 bg-cover bg-center bg-no-repeat"
        style={{ backgroundImage: `url(${BACKGROUND_IMAGE})` }}
      />
      <div className="absolute inset-0 bg-black/30" />
    </div>
  );
}
