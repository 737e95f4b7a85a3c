"use client";
/**
 * The room's layout, for the people watching: the video with its status (and the host's playback
 * controls), then on a laptop the queue, requests and poll beside members and chat, on a phone the
 * same panels as tabs under the video (chat first). The host's tools are in a drawer opened on demand
 * (host-panel.tsx, loaded then). A running poll is announced over the video and in chat. In music
 * mode the player shrinks into an audio-first stage and the request form comes first.
 */
import { Icon } from "@/components/ui/icon";
import dynamic from "next/dynamic";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import type { PartyCommand } from "@/lib/party-client/types";
import { connectionBadge, hostBufferingText, partyAdsText, syncStatusText } from "@/lib/party-client/status-text";
import { autoplays, emptyModeration, isUnresolved, mayVoteIn, emptyQueue, MUTED_MESSAGE, PROTOCOL_VERSION, type Poll, type RosterMember } from "@/lib/sync";
import { playableMedia } from "@/lib/watch-room/media-key";
import { useMarathonResume } from "@/lib/watch-room/use-marathon-resume";
import { useWatchRoom } from "@/lib/watch-room/use-watch-room";
import { useVoice } from "@/lib/watch-room/use-voice";
import { useLastRecording } from "@/lib/watch-room/use-last-recording";
import { usePlayerTitle } from "@/lib/watch-room/use-player-title";
import { usePollVoters } from "@/lib/api/use-poll-voters";
import { pollQuestion } from "@/lib/party-client/poll-text";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { GuestSync } from "./guest-sync";
import type { MemberAction } from "./member-moderation";
import { MembersPanel } from "./members-panel";
import { MusicStage } from "./music-stage";
import { PollBanner } from "./poll-banner";
import { QueuePanel } from "./queue-panel";
import { RecordingBar } from "./recording-bar";
import { RequestsPanel } from "./requests-panel";
import { RoomActions } from "./room-actions";
import { RoomChat, type ChatNotice } from "./room-chat";
import { RoomPlayer, type PlayerUrls, type RoomMedia } from "./room-player";
import type { RoomSettingsProps } from "./room-settings";
import { RoomTabs, type RoomTab } from "./room-tabs";
import { useWideRoom } from "./use-wide-room";
import { VoiceBar } from "./voice-bar";
import { VoiceTiles } from "./voice-tiles";

/** The host's tools: their code is loaded when the host first opens them, not with the room. */
// Screens and panels a first visit rarely shows load when first shown, so the room's first load
// stays small: the end and removed screens, and the vote panel (mounted only while there is a poll
// or a break to show; it showed nothing otherwise).
const RoomEnded = dynamic(() => import("./room-ended").then((m) => m.RoomEnded), { ssr: false });
const RemovedScreen = dynamic(() => import("./removed-screen").then((m) => m.RemovedScreen), { ssr: false });
const MemoPollPanel = dynamic(() => import("./poll-panel").then((m) => memo(m.PollPanel)), { ssr: false });
// Shown only to a member who started a recording and then handed the party over.
const StopOwnRecording = dynamic(() => import("./recording-controls").then((m) => m.StopOwnRecording), { ssr: false });
const HostPanel = dynamic(() => import("./host-panel").then((m) => m.HostPanel), { ssr: false });
/** The host's playback controls, likewise only for a host (a guest's player follows the host). */
const HostControls = dynamic(() => import("./host-controls").then((m) => m.HostControls), { ssr: false });

/**
 * The panels, memoised: the room re-renders on every model (sync status, presence, each event) and
 * the room handle's functions are stable, so a panel re-renders only when its own data changes.
 */
const MemoQueuePanel = memo(QueuePanel);
const MemoRequestsPanel = memo(RequestsPanel);
const MemoMembersPanel = memo(MembersPanel);
const MemoRoomChat = memo(RoomChat);

type RoomControl = SyncPlayer & { setMuted(muted: boolean): void; readonly muted: boolean; duration?(): number | null };

const BADGE_TONE = {
  ok: "bg-emerald-300 text-slate-950",
  warn: "bg-amber-300 text-slate-950",
  error: "bg-red-400 text-slate-950",
} as const;

/** Before the first snapshot: an empty queue and no moderation (one object each, so memoised panels keep still). */
const EMPTY_QUEUE = emptyQueue();
const EMPTY_MODERATION = emptyModeration();

/**
 * "The host started a poll" lines for chat: one per poll seen open while here (adjusted during
 * render from the session's state, React's way to derive from a change without an effect).
 */
function usePollNotices(poll: Poll | null): readonly ChatNotice[] {
  const [notices, setNotices] = useState<readonly ChatNotice[]>([]);
  if (poll && poll.status === "open" && !notices.some((n) => n.id === `poll-${poll.id}`)) {
    setNotices([...notices, { id: `poll-${poll.id}`, at: poll.openedAt, text: `The host started a poll: ${pollQuestion(poll)}` }]);
  }
  return notices;
}

export function RoomView({ partyId, token, urls, inviteCode, onLeft }: { partyId: string; token: string; urls: PlayerUrls; inviteCode: string | null; onLeft: () => void }) {
  // The party's state — queue and moderation included — is the session's (SyncSession folds every
  // event); every command, moderation and recording too, goes through its one send().
  const room = useWatchRoom(partyId, token);
  const { setPlayer, showing, serverNow, send, vote } = room;
  const model = room.model;
  const queue = model?.queue ?? EMPTY_QUEUE;
  const moderation = model?.moderation ?? EMPTY_MODERATION;
  const queueRef = useRef(queue);
  const [moderationError, setModerationError] = useState<string | null>(null);
  const [hostPanelOpen, setHostPanelOpen] = useState(false);
  const pollNotices = usePollNotices(model?.poll ?? null);
  const moderate = useCallback(
    (command: PartyCommand) => {
      setModerationError(null);
      send(command).catch((error: unknown) => setModerationError(error instanceof Error ? error.message : "That did not work. Please try again."));
    },
    [send],
  );
  const confirm = useConfirm();
  const voiceStateRef = useRef(model?.voice);
  useEffect(() => {
    voiceStateRef.current = model?.voice;
  }, [model?.voice]);
  const onModerate = useCallback(
    (action: MemberAction, member: RosterMember) => {
      if (action === "voice-mute" || action === "voice-unmute") {
        moderate({ v: PROTOCOL_VERSION, type: "voice.mute", memberId: member.userId, muted: action === "voice-mute" });
        return;
      }
      if (action === "voice-remove") {
        moderate({ v: PROTOCOL_VERSION, type: "voice.remove", memberId: member.userId });
        return;
      }
      if (action === "mute") {
        moderate({ v: PROTOCOL_VERSION, type: "member.mute", memberId: member.userId });
        // Muted in chat is not muted in voice: the host chooses both, if they want both.
        const voice = voiceStateRef.current;
        const inVoice = voice?.members.some((m) => m.memberId === member.userId) === true;
        if (!inVoice || voice?.hostMuted.includes(member.userId)) return;
        void confirm({ message: `${member.displayName} is muted in chat. Mute them in voice too?`, confirmLabel: "Mute in voice too", cancelLabel: "Chat only" }).then((yes) => {
          if (yes) moderate({ v: PROTOCOL_VERSION, type: "voice.mute", memberId: member.userId, muted: true });
        });
        return;
      }
      if (action === "ban") {
        // Banning is for good and a hand-over gives the room away, so both are asked first; the other actions can be undone.
        void confirm({ message: `Ban ${member.displayName} from this party for good?`, confirmLabel: "Ban", danger: true }).then((yes) => {
          if (yes) moderate({ v: PROTOCOL_VERSION, type: "member.ban", memberId: member.userId });
        });
        return;
      }
      if (action === "handover") {
        void confirm({
          message: `Make ${member.displayName} the host? Their player will lead and you become a guest.`,
          confirmLabel: "Make host",
        }).then((yes) => {
          if (!yes) return;
          // The tools go with the role: closed now, so they do not pop up again if it comes back.
          setHostPanelOpen(false);
          moderate({ v: PROTOCOL_VERSION, type: "host.handover", memberId: member.userId });
        });
        return;
      }
      moderate({ v: PROTOCOL_VERSION, type: `member.${action}`, memberId: member.userId });
    },
    [moderate, confirm],
  );
  const hostSettings = useMemo(
    () => ({
      slowModeSeconds: moderation.slowModeSeconds,
      locked: moderation.locked,
      onSlowMode: (seconds: number) => moderate({ v: PROTOCOL_VERSION, type: "room.slowmode", seconds }),
      onLock: (locked: boolean) => moderate({ v: PROTOCOL_VERSION, type: "room.lock", locked }),
    }),
    [moderate, moderation.slowModeSeconds, moderation.locked],
  );
  const twitchVotes = useMemo(
    () => ({ on: moderation.twitchVotes === true, onChange: (enabled: boolean) => moderate({ v: PROTOCOL_VERSION, type: "room.twitchvotes", enabled }) }),
    [moderate, moderation.twitchVotes],
  );
  const waitForEveryone = useMemo(
    () => ({ on: moderation.waitForEveryone === true, onChange: (enabled: boolean) => moderate({ v: PROTOCOL_VERSION, type: "room.waitforall", enabled }) }),
    [moderate, moderation.waitForEveryone],
  );
  const pauseForAds = useMemo(
    () => ({ on: moderation.pauseForAds === true, onChange: (enabled: boolean) => moderate({ v: PROTOCOL_VERSION, type: "room.pauseforads", enabled }) }),
    [moderate, moderation.pauseForAds],
  );
  const [startsIn, setStartsIn] = useState<number | null>(null);
  const startedRef = useRef(new Set<string>());
  const [control, setControl] = useState<RoomControl | null>(null);
  const [playerError, setPlayerError] = useState<string | null>(null);
  const controlRef = useRef<RoomControl | null>(null);
  const isHost = model?.role === "host";
  const media = model?.party?.media ?? null;
  const roomMedia: RoomMedia | null = useMemo(() => (media ? { id: media.id, url: media.url, title: media.title } : null), [media]);
  const poll = model?.poll ?? null;
  const voters = usePollVoters(partyId, token, poll, isHost);
  const lastRecording = useLastRecording(model?.recording ?? null);
  usePlayerTitle({ partyId, token, isHost, control, media, partyTitle: model?.party?.title ?? "" });
  const voice = useVoice({ room, token, selfId: model?.you?.userId ?? null, voice: model?.voice, hostId: model?.party?.hostUserId ?? null, player: control });

  useEffect(() => {
    queueRef.current = queue;
  }, [queue]);

  // The queue started this item at `start.at` (now, or after the intermission): count down for
  // everyone; the host's player starts it then, and the guests follow the host as always.
  const start = queue.start && media && queue.start.mediaId === media.id ? queue.start : null;
  useEffect(() => {
    if (!start) return;
    const tick = () => {
      const now = serverNow();
      if (now === null) return;
      const left = Math.ceil((start.at - now) / 1000);
      setStartsIn(left > 0 ? left : null);
      const player = controlRef.current;
      if (!isHost || left > 0 || startedRef.current.has(start.mediaId) || !player?.loaded()) return;
      startedRef.current.add(start.mediaId);
      // Only a fresh item: a host who reloads mid-item (or paused it since) is not overruled.
      const reading = player.read();
      if (reading.paused && reading.currentTime < 1 && now - start.at < 30_000) void player.play();
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => {
      window.clearInterval(timer);
      setStartsIn(null);
    };
  }, [start, isHost, serverNow]);

  const onControl = useCallback(
    (next: RoomControl | null) => {
      controlRef.current = next;
      setControl(next);
      setPlayer(next);
    },
    [setPlayer],
  );
  const onShowing = useCallback((shown: RoomMedia) => showing(shown.url, shown.title), [showing]);
  const waitForNext = useMarathonResume({ isHost, mediaId: media?.id ?? null, queue, control, send });
  // The marathon: when the host's item ends, the next one starts if autoplay is on for its platform
  // (with nothing queued yet, it starts when something is).
  const onEnded = useCallback(
    (mediaId: string) => {
      if (!isHost) return;
      const { items, settings } = queueRef.current;
      const next = items[0];
      if (!next) waitForNext(mediaId);
      if (!next || !autoplays(settings, playableMedia(next.url)?.platform ?? null)) return;
      send({ v: PROTOCOL_VERSION, type: "queue.next", fromMediaId: mediaId, auto: true }).catch(() => undefined);
    },
    [isHost, send, waitForNext],
  );
  const duration = useCallback(() => controlRef.current?.duration?.() ?? media?.duration ?? null, [media?.duration]);

  const reports = model?.reports;
  const youUserId = model?.you?.userId ?? null;
  const reportedByYou = useMemo(() => new Set((reports ?? []).filter((r) => r.reporterId === youUserId).map((r) => r.messageId)), [reports, youUserId]);
  const ads = model?.ads;
  const inAd = useMemo(() => ads?.map((a) => a.memberId), [ads]);
  const voiceMembers = model?.voice?.members;
  const inVoice = useMemo(() => voiceMembers?.map((m) => m.memberId), [voiceMembers]);
  const chatProvider = model?.party?.chatProvider;
  const chatChannel = model?.party?.chatChannel;
  const memberSettings: RoomSettingsProps = useMemo(
    () => ({ ...hostSettings, waitForEveryone, pauseForAds, ...(chatProvider === "twitch" && chatChannel ? { twitchVotes } : {}) }),
    [hostSettings, waitForEveryone, pauseForAds, twitchVotes, chatProvider, chatChannel],
  );

  const wide = useWideRoom();
  const [tab, setTab] = useState("chat");
  const closeHostPanel = useCallback(() => setHostPanelOpen(false), []);
  const pollRef = useRef<HTMLDivElement>(null);
  // The banner's "Vote": to the poll (its tab on a phone), focused so a keyboard user is there too.
  const showPoll = useCallback(() => {
    setTab("polls");
    window.requestAnimationFrame(() => {
      pollRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      pollRef.current?.focus({ preventScroll: true });
    });
  }, []);

  if (!model || !model.party) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-slate-300" role="status">
        {model?.connection === "closed" ? (model.connectionError ?? "Disconnected") : "Connecting to the party..."}
      </div>
    );
  }
  const badge = connectionBadge(model);
  const party = model.party;
  const removal = model.removal ?? null;
  // One screen for a removed member: the reason, for how long, and where to go (no room behind it).
  if (removal) return <RemovedScreen reason={removal} title={party.title || "Watch party"} />;
  if (party.state === "ENDED") return <RoomEnded why="ended" isHost={isHost} title={party.title} token={token} recordingId={lastRecording} />;
  const ended = model.connection === "closed";
  const mutedMe = model.you !== null && moderation.muted.includes(model.you.userId);
  const musicMode = queue.settings.musicMode;
  const youId = model.you?.userId ?? null;
  const youAreGuest = model.roster?.find((member) => member.userId === youId)?.guest === true;
  const canRecord = !youAreGuest && playableMedia(media?.url ?? "")?.platform === "youtube";
  const pollRunning = isUnresolved(poll ? { poll } : null);

  const queuePanel = <MemoQueuePanel key="queue" queue={queue} nowPlaying={media?.title ?? null} startsIn={startsIn} showNowPlaying={!musicMode} />;
  const requestsPanel = <MemoRequestsPanel key="requests" requests={queue.requests} isHost={isHost} youId={youId} prominent={musicMode} send={send} />;
  // Keyed, so switching music mode reorders the panels without losing what is typed in them.
  const queuePanels = musicMode ? [requestsPanel, queuePanel] : [queuePanel, requestsPanel];
  const showsPoll = poll !== null || Boolean(queue.pendingBreak) || (queue.start?.kind === "break" && startsIn !== null);
  const pollPanel = (
    <div ref={pollRef} tabIndex={-1} className="outline-none">
      {showsPoll && <MemoPollPanel poll={poll} yourVote={model.pollVote ?? null} voters={voters} queue={queue} isHost={isHost} youAreGuest={youAreGuest} startsIn={startsIn} serverNow={serverNow} send={send} vote={vote} />}
    </div>
  );
  const guestSync = model.role === "guest" && !ended && <GuestSync offsetMs={model.viewerOffsetMs ?? 0} onSyncNow={room.syncNow} onOffset={room.setViewerOffset} />;
  const membersPanel = (
    <MemoMembersPanel
      members={model.members}
      roster={model.roster}
      hostDisplayName={party.hostDisplayName}
      hostOnline={model.hostOnline}
      you={model.you}
      isHost={isHost}
      inviteCode={inviteCode}
      muted={moderation.muted}
      inAd={inAd}
      inVoice={inVoice}
    />
  );
  const chat = (
    <MemoRoomChat
      messages={model.chat}
      disabled={ended || mutedMe}
      onSend={room.sendChat}
      youId={youId}
      reportedByYou={reportedByYou}
      onReport={ended ? undefined : room.reportMessage}
      notices={pollNotices}
    />
  );

  const player = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 basis-full truncate md:basis-0 md:flex-1 text-xl font-bold text-white md:text-2xl" title={party.title}>
          {party.title || "Watch party"}
        </h1>
        {!ended && <RoomActions partyId={partyId} token={token} title={party.title} visibility={party.visibility} inviteCode={inviteCode} isHost={isHost} onLeft={onLeft} />}
        {musicMode && (
          <Badge tone="music" data-testid="music-mode-badge">
            <Icon name="music" className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
            Music mode
          </Badge>
        )}
        {isHost && !ended && (
          <Button variant="secondary" size="sm" className="min-h-11" aria-haspopup="dialog" onClick={() => setHostPanelOpen(true)}>
            <Icon name="wrench" className="h-4 w-4" /> Host tools
          </Button>
        )}
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONE[badge.tone]}`} data-testid="connection-badge">
          {badge.text}
        </span>
      </div>
      {!ended && <PollBanner poll={poll} voted={model.pollVote !== null && model.pollVote !== undefined} mayVote={poll === null || mayVoteIn(poll, { isGuest: youAreGuest, isHost })} onShow={showPoll} />}
      {!ended && (
        <MusicStage active={musicMode} nowPlaying={media?.title ?? null} upNext={queue.items[0]?.title ?? null} startsIn={startsIn} control={control} duration={duration}>
          <RoomPlayer
            media={roomMedia}
            urls={urls}
            isHost={isHost}
            strokes={model.strokes}
            onControl={onControl}
            onShowing={onShowing}
            onEnded={onEnded}
            onError={setPlayerError}
          />
        </MusicStage>
      )}
      {playerError && (
        <p role="alert" className="rounded-md bg-red-950/80 px-3 py-2 text-sm text-red-100">
          {playerError}
        </p>
      )}
      {!ended && (
        <>
          <VoiceBar voice={voice} disabled={model.connection !== "open"} />
          <VoiceTiles voice={voice} you={model.you?.displayName ?? "You"} />
        </>
      )}
      {mutedMe && !ended && (
        <p role="status" className="rounded-md bg-amber-950/80 px-3 py-2 text-sm text-amber-100" data-testid="muted-notice">
          {MUTED_MESSAGE}
        </p>
      )}
      {moderationError && (
        <p role="alert" className="rounded-md bg-red-950/80 px-3 py-2 text-sm text-red-100">
          {moderationError}
        </p>
      )}
      {model.notice && model.notice !== MUTED_MESSAGE && (
        <p role="status" className="rounded-md bg-amber-950/80 px-3 py-2 text-sm text-amber-100">
          {model.notice}
        </p>
      )}
      <p className="text-sm text-slate-300" data-testid="sync-status" aria-live="polite">
        {ended ? badge.text : syncStatusText(model)}
      </p>
      {!ended && hostBufferingText(model) && (
        <p role="status" className="text-sm text-amber-200" data-testid="buffering-members">
          {hostBufferingText(model)}
        </p>
      )}
      {!ended && partyAdsText(model) && (
        <p role="status" className="text-sm text-amber-200" data-testid="ad-members">
          {partyAdsText(model)}
        </p>
      )}
      {!ended && (
        <RecordingBar recording={model.recording ?? null} stopped={model.recordingStopped ?? null} isHost={isHost}>
          {!isHost && model.recording?.startedBy !== undefined && model.recording.startedBy === youId && <StopOwnRecording send={send} />}
        </RecordingBar>
      )}
      {isHost && !ended && <HostControls control={control} duration={duration} canChangeRate={(control as { platform?: string } | null)?.platform !== "tiktok"} />}
    </>
  );

  const hostPanel = isHost && !ended && hostPanelOpen && (
    <HostPanel
      onClose={closeHostPanel}
      queue={queue}
      send={send}
      pollRunning={pollRunning}
      roster={model.roster}
      youId={youId}
      muted={moderation.muted}
      voice={model.voice}
      onModerate={onModerate}
      settings={memberSettings}
      recording={model.recording ?? null}
      canRecord={canRecord}
      reports={model.reports ?? []}
    />
  );

  if (!wide) {
    // A phone: the video on top, then the room's panels as tabs, chat first, so the chat and its
    // input are on screen with the video.
    const tabs: RoomTab[] = [
      { id: "chat", label: "Chat", content: chat },
      { id: "people", label: "People", badge: String(model.members), content: <>{membersPanel}{guestSync}</> },
      { id: "queue", label: "Queue", badge: queue.items.length + queue.requests.length > 0 ? String(queue.items.length + queue.requests.length) : null, content: ended ? null : queuePanels },
      {
        id: "polls",
        label: "Polls",
        badge: pollRunning ? "1" : null,
        content: ended ? null : poll || queue.pendingBreak || queue.start?.kind === "break" ? pollPanel : <p className="px-1 text-sm text-slate-400">No poll right now.</p>,
      },
    ];
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-2 px-3 py-3 sm:px-4">
        <section className="flex min-w-0 flex-col gap-2" aria-label="Player">
          {player}
        </section>
        <RoomTabs tabs={tabs} selected={tab} onSelect={setTab} />
        {hostPanel}
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-3 py-4 sm:px-4 lg:grid-cols-[minmax(0,1fr)_340px]">
      <section className="flex min-w-0 flex-col gap-3" aria-label="Player">
        {player}
        {guestSync}
        {!ended && queuePanels}
        {!ended && pollPanel}
      </section>
      <aside className="flex min-w-0 flex-col gap-4" aria-label="Party">
        {membersPanel}
        {chat}
      </aside>
      {hostPanel}
    </div>
  );
}
