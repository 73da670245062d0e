import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, PrefetchPageLinks, useNavigate, useNavigation } from 'react-router'
import { notify } from '#app/components/toast.tsx'
import { ChevronLeft, ChevronRight, Heart, Share2 } from '#app/components/ui/icons.tsx'
import { ALT_PROFILE_LAYOUT_KEY, altLayoutEnabled, FEATURES } from '#app/domain/flags.ts'
import {
  MOBILE_MAX_WIDTH_PX,
  NEIGHBOUR_PRELOAD_DELAY_MS,
  navigationLock,
  swipeDirection,
  type TouchPoint,
} from '#app/domain/gestures.ts'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { Carousel, CarouselNeighbour } from '#app/modules/profile/carousel.ts'
import { useFavorite } from './favorite-button.tsx'

// Same sizes as the gallery's grid, so the preloaded files are the ones it will ask for.
const GRID_SIZES = '(min-width: 1024px) 30vw, 50vw'

// Keys and touches inside these belong to them, not to the carousel.
const OWNED =
  'input, textarea, select, [contenteditable="true"], [role="slider"], dialog, [role="dialog"], .overflow-x-auto'

/** Whether a key press or touch belongs to a field, a dialog or a scroller, not to the page. */
function ownedElsewhere(event: Event): boolean {
  const target = event.target instanceof Element ? event.target : null
  if (target?.closest(OWNED)) return true
  // An open dialog (the lightbox, the phone menu) owns every gesture.
  return Boolean(document.querySelector('dialog[open], [role="dialog"]'))
}

function ignoredKey(event: KeyboardEvent): boolean {
  // Radix dialogs prevent the Escape they handle; a held key repeats, which is not a step.
  if (event.defaultPrevented || event.repeat) return true
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true
  return ownedElsewhere(event)
}

function preloadPhotos(neighbour: CarouselNeighbour) {
  for (const photo of neighbour.photos) {
    const image = new Image()
    image.sizes = GRID_SIZES
    image.srcset = imageSrcSet(photo.storagePath, photo.variantWidths)
    image.src = imageVariantUrl(photo.storagePath, 640)
  }
}

/**
 * Steps between a profile and the others of its city (SPEC §2, §9): previous and next links,
 * ArrowLeft and ArrowRight, Escape to go back, a swipe on phones, with a 300 ms lock. Every
 * step replaces the history entry, so the browser's back button returns to where the visitor
 * came from. The neighbours' data and first photos are loaded 500 ms after a profile shows.
 * On phones it also carries the favourite and share buttons, and above them `contactBar` (the
 * profile's contact buttons), so one bar at the bottom holds both.
 */
export function ProfileCarousel({
  carousel,
  profile,
  refCity,
  cityName,
  backTo,
  contactBar,
}: {
  carousel: Carousel | null
  profile: { id: string; name: string; username: string }
  refCity: string | undefined
  cityName: string | null
  backTo: string
  contactBar?: React.ReactNode
}) {
  const t = useT()
  const navigate = useNavigate()
  const lock = useRef(navigationLock())
  // While a step is loading, further keys wait: a second Escape must not go back twice.
  const navigation = useNavigation()
  const busy = useRef(false)
  busy.current = navigation.state !== 'idle'
  const [preload, setPreload] = useState(false)
  const [altLayout, setAltLayout] = useState(false)
  const previousPath = carousel && paths.profile(carousel.previous.username, refCity)
  const nextPath = carousel && paths.profile(carousel.next.username, refCity)

  const go = useCallback(
    (to: string | null) => {
      if (!to || busy.current || !lock.current.tryAcquire(Date.now())) return
      navigate(to, { replace: true })
    },
    [navigate],
  )
  const goBack = useCallback(() => {
    if (busy.current || !lock.current.tryAcquire(Date.now())) return
    // React Router numbers its history entries: above 0 there is a page of ours to return to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate(backTo)
  }, [navigate, backTo])

  useEffect(() => {
    try {
      setAltLayout(altLayoutEnabled(localStorage.getItem(ALT_PROFILE_LAYOUT_KEY)))
    } catch {
      // Storage disabled: the default layout.
    }
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignoredKey(event)) return
      if (event.key === 'Escape') goBack()
      else if (event.key === 'ArrowLeft' && previousPath) go(previousPath)
      else if (event.key === 'ArrowRight' && nextPath) go(nextPath)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [go, goBack, previousPath, nextPath])

  useEffect(() => {
    if (!FEATURES.mobileGestures || !carousel) return
    let start: TouchPoint | undefined
    const onStart = (event: TouchEvent) => {
      const point = event.touches[0]
      start =
        point &&
        event.touches.length === 1 &&
        window.innerWidth < MOBILE_MAX_WIDTH_PX &&
        !ownedElsewhere(event)
          ? { x: point.clientX, y: point.clientY, time: event.timeStamp }
          : undefined
    }
    const onEnd = (event: TouchEvent) => {
      const point = event.changedTouches[0]
      const begin = start
      start = undefined
      if (!begin || !point || ownedElsewhere(event)) return
      const direction = swipeDirection(begin, {
        x: point.clientX,
        y: point.clientY,
        time: event.timeStamp,
      })
      if (direction) go(direction === 'next' ? nextPath : previousPath)
    }
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchend', onEnd, { passive: true })
    return () => {
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchend', onEnd)
    }
  }, [carousel, go, nextPath, previousPath])

  useEffect(() => {
    setPreload(false)
    if (!carousel) return
    const timer = window.setTimeout(() => {
      setPreload(true)
      preloadPhotos(carousel.next)
      if (carousel.previous.id !== carousel.next.id) preloadPhotos(carousel.previous)
    }, NEIGHBOUR_PRELOAD_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [carousel])

  const position = carousel
    ? format(t.profile.carouselPosition, { position: carousel.position, total: carousel.total })
    : undefined
  const stepLink = (direction: 'previous' | 'next', className: string, withName = false) => {
    if (!carousel) return null
    const neighbour = carousel[direction]
    const label = format(
      direction === 'previous' ? t.profile.previousProfile : t.profile.nextProfile,
      {
        name: neighbour.name,
      },
    )
    const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
    return (
      <Link
        to={paths.profile(neighbour.username, refCity)}
        replace
        rel={direction === 'previous' ? 'prev' : 'next'}
        aria-label={label}
        title={label}
        onClick={(event) => {
          if (!lock.current.tryAcquire(Date.now())) event.preventDefault()
        }}
        className={className}
      >
        {direction === 'previous' && <Icon aria-hidden="true" className="size-6 shrink-0" />}
        {withName && <span className="truncate">{neighbour.name}</span>}
        {direction === 'next' && <Icon aria-hidden="true" className="size-6 shrink-0" />}
      </Link>
    )
  }
  const round =
    'grid size-12 place-items-center rounded-full border border-stone-200 bg-white/95 text-stone-800 shadow-md hover:bg-white hover:text-rose-900'

  return (
    <>
      {preload && previousPath && nextPath && (
        <>
          <PrefetchPageLinks page={nextPath} />
          {previousPath !== nextPath && <PrefetchPageLinks page={previousPath} />}
        </>
      )}
      {carousel && (
        <nav
          aria-label={
            cityName ? format(t.profile.carousel, { city: cityName }) : t.profile.carouselNoCity
          }
          data-layout={altLayout ? 'alternative' : 'default'}
        >
          {altLayout ? (
            <div className="mt-4 flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-2 text-sm font-medium">
              {stepLink(
                'previous',
                'flex min-w-0 items-center gap-1 rounded px-2 py-1 hover:bg-stone-100',
                true,
              )}
              <span className="shrink-0 text-stone-600">{position}</span>
              {stepLink(
                'next',
                'flex min-w-0 items-center gap-1 rounded px-2 py-1 hover:bg-stone-100',
                true,
              )}
            </div>
          ) : (
            <>
              <p className="sr-only">{position}</p>
              {stepLink('previous', `${round} fixed top-1/2 left-3 z-10 hidden md:grid`)}
              {stepLink('next', `${round} fixed top-1/2 right-3 z-10 hidden md:grid`)}
            </>
          )}
        </nav>
      )}
      <MobileBar
        profile={profile}
        previous={
          altLayout
            ? null
            : stepLink(
                'previous',
                'grid size-11 place-items-center rounded-full hover:bg-stone-100',
              )
        }
        next={
          altLayout
            ? null
            : stepLink('next', 'grid size-11 place-items-center rounded-full hover:bg-stone-100')
        }
        position={altLayout ? undefined : position}
        contactBar={contactBar}
      />
    </>
  )
}

/** The phone's bottom bar: the contact buttons, then previous, favourite, position, share, next. */
function MobileBar({
  profile,
  previous,
  next,
  position,
  contactBar,
}: {
  profile: { id: string; name: string; username: string }
  previous: React.ReactNode
  next: React.ReactNode
  position: string | undefined
  contactBar: React.ReactNode
}) {
  const t = useT()
  const favorite = useFavorite(profile.id)
  const share = async () => {
    const url = new URL(paths.profile(profile.username), window.location.origin).toString()
    const text = format(t.profile.shareText, { name: profile.name })
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: text, url })
        return
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if ((error as DOMException | undefined)?.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      notify((toast) => toast.success(t.profile.linkCopied))
    } catch {
      notify((toast) => toast.error(t.profile.copyFailed))
    }
  }
  const button =
    'grid size-11 place-items-center rounded-full hover:bg-stone-100 aria-pressed:text-rose-700'
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden">
      {contactBar && <div className="mx-auto max-w-md">{contactBar}</div>}
      <div className="mx-auto flex max-w-md items-center justify-between px-3 py-1">
        {previous ?? <span className="size-11" />}
        <button
          type="button"
          aria-pressed={favorite.saved}
          aria-label={format(t.favorites.toggle, { name: profile.name })}
          onClick={favorite.toggle}
          className={button}
        >
          <Heart
            aria-hidden="true"
            className="size-6"
            fill={favorite.saved ? 'currentColor' : 'none'}
          />
        </button>
        {position && <span className="text-xs text-stone-600">{position}</span>}
        <button type="button" aria-label={t.profile.share} onClick={share} className={button}>
          <Share2 aria-hidden="true" className="size-6" />
        </button>
        {next ?? <span className="size-11" />}
      </div>
    </div>
  )
}
