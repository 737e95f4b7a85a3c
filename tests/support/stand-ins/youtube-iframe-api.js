/*
 * Stand-in for the YouTube IFrame Player API script (https://www.youtube.com/iframe_api), served by
 * tests/support/stand-ins/server.mjs so tests and benchmarks never reach the internet.
 *
 * What it imitates (https://developers.google.com/youtube/iframe_api_reference): loading the script
 * defines `window.YT` and calls `window.onYouTubeIframeAPIReady`; `new YT.Player(element, { videoId,
 * playerVars, events })` replaces the element with the player and fires `onReady`; the methods
 * playVideo, pauseVideo, seekTo, getCurrentTime, getDuration, setPlaybackRate, getPlaybackRate,
 * getAvailablePlaybackRates, getPlayerState, cueVideoById, loadVideoById, mute, unMute, isMuted,
 * setVolume and getVolume (whole numbers 0–100, the volume apart from mute), getIframe, destroy; the events onStateChange (−1 unstarted, 0 ended, 1 playing, 2 paused,
 * 3 buffering, 5 cued), onPlaybackRateChange and onError (100: private or removed).
 *
 * Where the real API differs:
 * - The real player is a cross-origin <iframe> (youtube.com/embed/ID) driven by postMessage; its
 *   getCurrentTime() answers from the last state the frame reported (updated a few times a second),
 *   so it is coarser than this stand-in's, which reads a same-page <video> directly.
 * - The real player rounds setPlaybackRate() to getAvailablePlaybackRates() (0.25 steps, or 0.05
 *   with custom speeds); the stand-in applies any rate, as an HTML5 element does.
 * - Video ids map to local clips: ids starting with "short" play a 6 s clip, ids starting with
 *   "private" fail with error 100, any other id plays a 300 s clip. There are no ads, captions,
 *   quality levels or playlists.
 * - The real player may refuse to start unmuted without a user gesture (browsers' autoplay policy);
 *   the stand-in follows the browser's policy for its <video>, which is the same rule.
 */
(function () {
  "use strict";
  var base = new URL(document.currentScript.src).origin;
  var STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };

  function Player(element, options) {
    // Returned from the constructor, so `new YT.Player(...)` yields it (no aliasing of `this`).
    var self = {};
    options = options || {};
    var target = typeof element === "string" ? document.getElementById(element) : element;
    var events = options.events || {};
    var vars = options.playerVars || {};
    var video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.setAttribute("data-stand-in", "youtube");
    video.preload = "auto";
    video.muted = Number(vars.mute) === 1;
    video.style.width = "100%";
    video.style.height = "100%";
    video.style.background = "#000";
    if (Number(vars.controls) !== 0) video.controls = true;
    target.replaceWith(video);

    var cued = false;
    var started = false;
    var lastState = STATE.UNSTARTED;
    var errored = false;

    function compute() {
      if (!video.src) return STATE.UNSTARTED;
      if (video.ended) return STATE.ENDED;
      if (video.paused) {
        if (!started && cued) return STATE.CUED;
        if (!started) return STATE.UNSTARTED;
        return STATE.PAUSED;
      }
      if (video.seeking || video.readyState < 3) return STATE.BUFFERING;
      return STATE.PLAYING;
    }
    function update() {
      var state = compute();
      if (state === lastState) return;
      lastState = state;
      if (events.onStateChange) events.onStateChange({ data: state, target: self });
    }
    ["play", "playing", "pause", "seeking", "seeked", "waiting", "ended", "loadedmetadata", "canplay", "emptied"].forEach(function (type) {
      video.addEventListener(type, function () {
        if (type === "play" || type === "playing") started = true;
        if (type === "loadedmetadata") cued = true;
        update();
      });
    });
    video.addEventListener("ratechange", function () {
      if (events.onPlaybackRateChange) events.onPlaybackRateChange({ data: video.playbackRate, target: self });
    });
    video.addEventListener("error", function () {
      if (errored) return;
      errored = true;
      if (events.onError) events.onError({ data: 100, target: self });
    });

    function setVideo(videoId, startSeconds, autoplay) {
      errored = false;
      cued = false;
      started = false;
      lastState = STATE.UNSTARTED;
      video.src = base + "/clips/youtube/" + encodeURIComponent(videoId) + ".mp4";
      video.dataset.videoId = videoId;
      if (startSeconds > 0) {
        video.addEventListener("loadedmetadata", function once() {
          video.removeEventListener("loadedmetadata", once);
          video.currentTime = startSeconds;
        });
      }
      if (autoplay) video.play().catch(function () {});
    }
    function args(value, start) {
      return typeof value === "object" ? [value.videoId, Number(value.startSeconds) || 0] : [value, Number(start) || 0];
    }

    self.playVideo = function () {
      video.play().catch(function () {});
    };
    self.pauseVideo = function () {
      video.pause();
    };
    self.seekTo = function (seconds) {
      video.currentTime = Math.max(0, Number(seconds) || 0);
    };
    // The real player's data names the video; the stand-in's title is made from its id.
    self.getVideoData = function () {
      var id = video.dataset.videoId || "";
      return { video_id: id, title: id ? "Stand-in clip " + id : "" };
    };
    self.getCurrentTime = function () {
      return video.currentTime;
    };
    self.getDuration = function () {
      return Number.isFinite(video.duration) ? video.duration : 0;
    };
    self.setPlaybackRate = function (rate) {
      video.playbackRate = Number(rate);
    };
    self.getPlaybackRate = function () {
      return video.playbackRate;
    };
    self.getAvailablePlaybackRates = function () {
      return [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
    };
    self.getPlayerState = function () {
      return compute();
    };
    self.cueVideoById = function (value, start) {
      var a = args(value, start);
      setVideo(a[0], a[1], false);
    };
    self.loadVideoById = function (value, start) {
      var a = args(value, start);
      setVideo(a[0], a[1], true);
    };
    self.mute = function () {
      video.muted = true;
    };
    self.unMute = function () {
      video.muted = false;
    };
    self.isMuted = function () {
      return video.muted;
    };
    // As the real player: an integer 0..100, clamped; muting leaves the volume as it was.
    self.setVolume = function (volume) {
      video.volume = Math.min(100, Math.max(0, Math.round(Number(volume) || 0))) / 100;
    };
    self.getVolume = function () {
      return Math.round(video.volume * 100);
    };
    self.getIframe = function () {
      return video;
    };
    self.destroy = function () {
      video.pause();
      video.removeAttribute("src");
      video.remove();
    };

    if (options.videoId) setVideo(options.videoId, Number(vars.start) || 0, Number(vars.autoplay) === 1);
    setTimeout(function () {
      if (events.onReady) events.onReady({ target: self });
    }, 0);
    return self;
  }

  window.YT = { Player: Player, PlayerState: STATE, loaded: 1 };
  if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
})();
