import type { PublicBanner } from '@px/api/contract';
import { useNavigate } from 'react-router-dom';
import { Image, Swiper } from 'react-vant';
import { bannerTarget, openExternal } from '../open-link';

/**
 * The project's banners in a swiper, each with its title over the foot of its picture (the dots sit
 * at the right); a tap opens the link (a page of the site, or an https address).
 */
export function BannerSwiper({ banners }: { banners: readonly PublicBanner[] }) {
  const navigate = useNavigate();
  if (banners.length === 0) return null;
  const open = (banner: PublicBanner) => {
    const target = bannerTarget(banner.link);
    if (target?.kind === 'route') navigate(target.path);
    else if (target?.kind === 'external') openExternal(target.url);
  };
  return (
    <Swiper className="train-index__banners" autoplay={5000} loop={banners.length > 1}>
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <button
            type="button"
            className="train-index__banner"
            aria-label={banner.title}
            onClick={() => open(banner)}
          >
            <Image src={banner.imageUrl} alt={banner.title} fit="cover" />
            <span className="train-index__banner-title" aria-hidden="true">
              {banner.title}
            </span>
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
