/** @jest-environment jsdom */
/**
 * The pictures in the party lists: a thumbnail only through a configured host (else the local
 * platform icon), a host's picture or initial, and never a broken image when a picture fails.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { HostAvatar } from "@/components/parties/host-avatar";
import { PartyArt } from "@/components/parties/party-art";
import { platformMark } from "@/components/parties/platform-icon";
import { videoThumbnailUrl } from "@/lib/media/video-thumbnail";

const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const BASE = "https://thumbs.example.test/vi/";

test("a thumbnail URL only for a YouTube video and only with a configured base", () => {
  expect(videoThumbnailUrl(YOUTUBE, BASE)).toBe("https://thumbs.example.test/vi/dQw4w9WgXcQ/mqdefault.jpg");
  expect(videoThumbnailUrl("https://youtu.be/dQw4w9WgXcQ?t=30", "https://thumbs.example.test/vi")).toBe("https://thumbs.example.test/vi/dQw4w9WgXcQ/mqdefault.jpg");
  expect(videoThumbnailUrl(YOUTUBE, null)).toBeNull();
  expect(videoThumbnailUrl(YOUTUBE, "")).toBeNull();
  expect(videoThumbnailUrl("https://www.netflix.com/watch/80100172", BASE)).toBeNull();
  expect(videoThumbnailUrl("https://www.tiktok.com/@someone/video/7234567890123456789", BASE)).toBeNull();
  expect(videoThumbnailUrl(null, BASE)).toBeNull();
});

test("without a thumbnail host the art is the local platform icon: no image is requested", () => {
  const { container } = render(<PartyArt platform="YouTube" videoUrl={YOUTUBE} thumbnailBaseUrl={null} />);
  expect(container.querySelector("img")).toBeNull();
  const icon = screen.getByTestId("platform-icon");
  expect(icon).toHaveAttribute("aria-hidden", "true");
  expect(icon).toHaveAttribute("data-mark", "▶");
  // The mark is generated content: the row's text stays the title alone.
  expect(icon).toHaveTextContent(/^$/);
});

test("with a thumbnail host a YouTube party shows its thumbnail, and a failed load falls back to the icon", () => {
  const { container } = render(<PartyArt platform="YouTube" videoUrl={YOUTUBE} thumbnailBaseUrl={BASE} />);
  const img = container.querySelector("img")!;
  expect(img).toHaveAttribute("src", "https://thumbs.example.test/vi/dQw4w9WgXcQ/mqdefault.jpg");
  expect(img).toHaveAttribute("alt", "");
  expect(img).toHaveAttribute("width", "71");
  expect(img).toHaveAttribute("height", "40");
  fireEvent.error(img);
  expect(container.querySelector("img")).toBeNull();
  expect(screen.getByTestId("platform-icon")).toHaveAttribute("data-mark", "▶");
});

test("a streaming-site party shows its platform's icon even with a thumbnail host", () => {
  const { container } = render(<PartyArt platform="Netflix" videoUrl="https://www.netflix.com/watch/1" thumbnailBaseUrl={BASE} />);
  expect(container.querySelector("img")).toBeNull();
  expect(screen.getByTestId("platform-icon")).toHaveAttribute("data-mark", "N");
});

test("platform marks: the scheduled form's platforms and the live list's names; others by their initial", () => {
  expect(["Netflix", "Disney+", "HBO Max", "Amazon Prime", "YouTube", "Prime Video", "TikTok"].map((p) => platformMark(p).mark)).toEqual(["N", "D+", "M", "P", "▶", "P", "♪"]);
  expect(platformMark("Other").mark).toBe("O");
  expect(platformMark("vimeo.com").mark).toBe("V");
  expect(platformMark(null).mark).toBe("▶");
});

test("host avatar: the picture when there is one, the initial when it fails or there is none", () => {
  const { container, rerender } = render(<HostAvatar name="ada" imageUrl="https://images.example.test/ada.png" />);
  const img = container.querySelector("img")!;
  expect(img).toHaveAttribute("src", "https://images.example.test/ada.png");
  expect(img).toHaveAttribute("alt", "");
  fireEvent.error(img);
  expect(container.querySelector("img")).toBeNull();
  expect(screen.getByTestId("host-avatar")).toHaveAttribute("data-initial", "A");

  rerender(<HostAvatar name="  bob" imageUrl={null} />);
  expect(screen.getByTestId("host-avatar")).toHaveAttribute("data-initial", "B");
  rerender(<HostAvatar name={null} imageUrl={null} />);
  expect(screen.getByTestId("host-avatar")).toHaveAttribute("data-initial", "?");
  expect(screen.getByTestId("host-avatar")).toHaveAttribute("aria-hidden", "true");
});
