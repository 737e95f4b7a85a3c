"use client";
/** A QR code of `text`, drawn as SVG by the `qrcode` library in the browser. */
import QRCode from "qrcode";
import { useEffect, useState } from "react";

export function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return null;
  // A data URL: next/image adds nothing here.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={label} width={160} height={160} className="mt-3 rounded bg-white p-1" />;
}
