/** The Video URL (required) and Title (optional) inputs every add form shows. */
import { Input, invalidFieldProps } from "@/components/ui/field";
import { PLAYLIST_LINK_TITLE_MAX_LENGTH } from "@/lib/schemas/playlist";
import { labelClass } from "./styles";
import { VideoUrlInput } from "./video-url-input";

interface Props {
  id: string;
  url: string;
  title: string;
  onUrl: (value: string) => void;
  onTitle: (value: string) => void;
  urlLabel?: string;
  /** The fields at fault, marked invalid and described by the form's message (`messageId`). */
  invalid?: { url?: string | undefined; title?: string | undefined };
  messageId?: string;
}

export function VideoFields({ id, url, title, onUrl, onTitle, urlLabel = "Video URL", invalid = {}, messageId = "" }: Props) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-url`} className={labelClass}>
          {urlLabel} <span aria-hidden="true">*</span>
        </label>
        <VideoUrlInput
          id={`${id}-url`}
          value={url}
          onChange={(e) => onUrl(e.target.value)}
          {...invalidFieldProps(messageId, invalid.url, `${id}-url-hint`)}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-xs text-slate-300">
          YouTube (watch, youtu.be, Shorts, Music, start times) or TikTok links.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title <span className="font-normal text-slate-300">(optional)</span>
        </label>
        <Input
          id={`${id}-title`}
          name="title"
          maxLength={PLAYLIST_LINK_TITLE_MAX_LENGTH}
          autoComplete="off"
          value={title}
          onChange={(e) => onTitle(e.target.value)}
          {...invalidFieldProps(messageId, invalid.title)}
        />
      </div>
    </>
  );
}
