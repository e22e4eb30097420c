// The image choice of the product form (SPEC §2 "Image slider"): a Swiper with 3 slides per view
// and 3 rows (Grid module), padded with empty cells to at least 9, otherwise up to a multiple of 3.
// It behaves as a radio group: one tab stop, arrow keys / Home / End move the choice, the chosen
// picture is highlighted.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Grid } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/swiper.css';
import { NO_IMAGE } from '@wishlist/contracts';
import { ProductPicture, Spinner } from '@wishlist/ui';
import { useProductsT } from './i18n';
import { SLIDER_COLUMNS, SLIDER_MIN_CELLS, sliderCellCount } from './images';

export interface ImagePickerProps {
  images: string[];
  loading: boolean;
  value: string;
  onChange: (image: string) => void;
  error?: string;
  /** Shown under the slider (e.g. the page's pictures could not be read). */
  note?: string;
  /** Our own copy of images, keyed by URL. */
  pictures?: Record<string, string>;
}

const CELLS_PER_PAGE = SLIDER_MIN_CELLS;
/** A picker cell is at most this wide (three per row in the form). */
const PICKER_CSS_WIDTH = 160;

export function ImagePicker({ images, loading, value, onChange, error, note, pictures }: ImagePickerProps) {
  const { t } = useProductsT();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const swiperRef = useRef<SwiperInstance | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const [edges, setEdges] = useState({ beginning: true, end: true });

  const cells = sliderCellCount(images.length);
  const selectedIndex = Math.max(0, images.indexOf(value));
  const pages = Math.ceil(cells / CELLS_PER_PAGE);

  const showIndex = (index: number) => {
    // With fill "row" and 3 slides per group, page p starts at slide 3p of the snap grid.
    swiperRef.current?.slideTo(Math.floor(index / CELLS_PER_PAGE) * SLIDER_COLUMNS);
  };

  useEffect(() => {
    if (images.includes(value)) showIndex(selectedIndex);
    // Only when the choice moves to another page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Math.floor(selectedIndex / CELLS_PER_PAGE)]);

  const choose = (index: number, focus: boolean) => {
    const next = images[index];
    if (next === undefined) return;
    onChange(next);
    showIndex(index);
    if (focus) buttons.current[index]?.focus({ preventScroll: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = images.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowDown: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    choose(moves[e.key], true);
  };

  return (
    <div className={['lists-pf-images', error && 'lists-pf-images--invalid'].filter(Boolean).join(' ')}>
      <p id={labelId} className="ui-field__label lists-pf-images__label">
        {t('form.image')}
      </p>
      <p id={hintId} className="ui-field__hint">
        {t('form.imageHint')}
      </p>
      <div className="lists-pf-images__frame">
        {pages > 1 && (
          <button
            type="button"
            className="lists-pf-images__nav lists-pf-images__nav--prev"
            aria-label={t('form.previousImages')}
            disabled={edges.beginning}
            onClick={() => swiperRef.current?.slidePrev()}
          >
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-busy={loading || undefined}
          className="lists-pf-images__group"
        >
          <Swiper
            modules={[Grid]}
            slidesPerView={SLIDER_COLUMNS}
            slidesPerGroup={SLIDER_COLUMNS}
            grid={{ rows: 3, fill: 'row' }}
            spaceBetween={8}
            watchOverflow
            className="lists-pf-images__swiper"
            onSwiper={(s: SwiperInstance) => {
              swiperRef.current = s;
              setEdges({ beginning: s.isBeginning, end: s.isEnd });
            }}
            onSlideChange={(s: SwiperInstance) => setEdges({ beginning: s.isBeginning, end: s.isEnd })}
            onReachBeginning={(s: SwiperInstance) => setEdges({ beginning: true, end: s.isEnd })}
            onReachEnd={(s: SwiperInstance) => setEdges({ beginning: s.isBeginning, end: true })}
          >
            {Array.from({ length: cells }, (_, i) => {
              const image = images[i];
              if (image === undefined)
                return (
                  <SwiperSlide key={`empty-${i}`} className="lists-pf-images__cell lists-pf-images__cell--empty" aria-hidden="true" />
                );
              const checked = i === selectedIndex && images.includes(value);
              const isPlaceholder = image === NO_IMAGE;
              const label = isPlaceholder
                ? t('form.noImage')
                : t('form.imageOption', { index: i + 1, count: images.length - 1 });
              return (
                <SwiperSlide key={image} className="lists-pf-images__cell">
                  <button
                    ref={(el) => {
                      buttons.current[i] = el;
                    }}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    aria-label={label}
                    tabIndex={checked || (!images.includes(value) && i === 0) ? 0 : -1}
                    className={['lists-pf-images__choice', checked && 'lists-pf-images__choice--checked'].filter(Boolean).join(' ')}
                    onClick={() => choose(i, false)}
                    onKeyDown={(e) => onKeyDown(e, i)}
                    onFocus={() => showIndex(i)}
                  >
                    {isPlaceholder ? (
                      <img src={image} alt="" loading="lazy" decoding="async" draggable={false} />
                    ) : (
                      <ProductPicture image={image} picture={pictures?.[image]} cssWidth={PICKER_CSS_WIDTH} />
                    )}
                    {isPlaceholder && <span className="lists-pf-images__none">{t('form.noImage')}</span>}
                  </button>
                </SwiperSlide>
              );
            })}
          </Swiper>
        </div>
        {pages > 1 && (
          <button
            type="button"
            className="lists-pf-images__nav lists-pf-images__nav--next"
            aria-label={t('form.nextImages')}
            disabled={edges.end}
            onClick={() => swiperRef.current?.slideNext()}
          >
            <span aria-hidden="true">›</span>
          </button>
        )}
      </div>
      {loading && (
        <p className="lists-pf-images__loading" role="status">
          <Spinner size="sm" /> {t('form.imageLoading')}
        </p>
      )}
      {note && <p className="ui-field__hint">{note}</p>}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
