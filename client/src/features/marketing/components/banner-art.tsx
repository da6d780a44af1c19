type BannerArtProps = { className: string; wide: string; small: string; height: number; firstScreen?: boolean };

/**
 * A banner's decorative artwork: the wide picture from 768 px up, the small one below. The first screen's banner is
 * fetched first; any other loads lazily.
 */
export function BannerArt({ className, wide, small, height, firstScreen = false }: BannerArtProps) {
  return (
    <picture className={className}>
      <source media="(min-width: 768px)" srcSet={wide} />
      <img src={small} alt="" width={1200} height={height} {...(firstScreen ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
    </picture>
  );
}
