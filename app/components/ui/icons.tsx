import type { SVGProps } from 'react'
import sprite from './icons.svg?no-inline'

// The site's icons (Lucide's drawings) as <use> of one cached sprite: a card's heart, stars and
// badge cost a few bytes of HTML and no drawing code in the page's JavaScript (issue 24). Same
// props as the Lucide components they replace. A new icon: add it below, then run
// `node scripts/icon-sprite.mjs` (a unit test fails while the sprite lacks it).

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

function icon(name: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon when the module loads, never during a render
  function SpriteIcon({ className, ...props }: IconProps) {
    const named = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from assistive technology unless the caller names it (aria-label)
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={named ? undefined : true}
        className={className ? `lucide ${className}` : 'lucide'}
        {...props}
      >
        <use href={`${sprite}#${name}`} />
      </svg>
    )
  }
  return SpriteIcon
}

export const ArrowLeft = /* @__PURE__ */ icon('arrow-left')
export const ArrowRight = /* @__PURE__ */ icon('arrow-right')
export const AtSign = /* @__PURE__ */ icon('at-sign')
export const BadgeCheck = /* @__PURE__ */ icon('badge-check')
export const CalendarClock = /* @__PURE__ */ icon('calendar-clock')
export const Camera = /* @__PURE__ */ icon('camera')
export const Check = /* @__PURE__ */ icon('check')
export const ChevronLeft = /* @__PURE__ */ icon('chevron-left')
export const ChevronRight = /* @__PURE__ */ icon('chevron-right')
export const ChevronsLeft = /* @__PURE__ */ icon('chevrons-left')
export const ChevronsRight = /* @__PURE__ */ icon('chevrons-right')
export const Circle = /* @__PURE__ */ icon('circle')
export const CircleAlert = /* @__PURE__ */ icon('circle-exclamation-point')
export const CircleCheck = /* @__PURE__ */ icon('circle-check')
export const CircleSlash = /* @__PURE__ */ icon('circle-slash')
export const Clock = /* @__PURE__ */ icon('clock')
export const CloudOff = /* @__PURE__ */ icon('cloud-off')
export const Crop = /* @__PURE__ */ icon('crop')
export const Download = /* @__PURE__ */ icon('download')
export const Eye = /* @__PURE__ */ icon('eye')
export const EyeOff = /* @__PURE__ */ icon('eye-off')
export const Flag = /* @__PURE__ */ icon('flag')
export const Gauge = /* @__PURE__ */ icon('gauge')
export const Gift = /* @__PURE__ */ icon('gift')
export const HandCoins = /* @__PURE__ */ icon('hand-coins')
export const Heart = /* @__PURE__ */ icon('heart')
export const Hourglass = /* @__PURE__ */ icon('hourglass')
export const ImagePlus = /* @__PURE__ */ icon('image-plus')
export const Info = /* @__PURE__ */ icon('info')
export const LoaderCircle = /* @__PURE__ */ icon('loader-circle')
export const MailCheck = /* @__PURE__ */ icon('mail-check')
export const MapPin = /* @__PURE__ */ icon('map-pin')
export const Maximize = /* @__PURE__ */ icon('maximize')
export const Menu = /* @__PURE__ */ icon('menu')
export const MessageCircle = /* @__PURE__ */ icon('message-circle')
export const MessageSquareReply = /* @__PURE__ */ icon('message-square-reply')
export const Pause = /* @__PURE__ */ icon('pause')
export const PenLine = /* @__PURE__ */ icon('pen-line')
export const Plane = /* @__PURE__ */ icon('plane')
export const QrCode = /* @__PURE__ */ icon('qr-code')
export const Quote = /* @__PURE__ */ icon('quote')
export const RotateCcw = /* @__PURE__ */ icon('rotate-ccw')
export const RotateCw = /* @__PURE__ */ icon('rotate-cw')
export const Scale = /* @__PURE__ */ icon('scale')
export const Search = /* @__PURE__ */ icon('search')
export const SearchX = /* @__PURE__ */ icon('search-x')
export const Send = /* @__PURE__ */ icon('send')
export const Share2 = /* @__PURE__ */ icon('share-2')
export const ShieldAlert = /* @__PURE__ */ icon('shield-exclamation-point')
export const ShieldCheck = /* @__PURE__ */ icon('shield-check')
export const SlidersHorizontal = /* @__PURE__ */ icon('sliders-horizontal')
export const Star = /* @__PURE__ */ icon('star')
export const TimerOff = /* @__PURE__ */ icon('timer-off')
export const Trash2 = /* @__PURE__ */ icon('trash')
export const TriangleAlert = /* @__PURE__ */ icon('triangle-exclamation-point')
export const Undo2 = /* @__PURE__ */ icon('undo-2')
export const UserX = /* @__PURE__ */ icon('user-x')
export const Wallet = /* @__PURE__ */ icon('wallet')
export const X = /* @__PURE__ */ icon('x')
export const ZoomIn = /* @__PURE__ */ icon('zoom-in')
export const ZoomOut = /* @__PURE__ */ icon('zoom-out')
