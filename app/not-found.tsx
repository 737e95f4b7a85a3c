import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "404 - Page Not Found", robots: { index: false } };

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold text-white">404 - Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-300">The page you are looking for does not exist.</p>
      <Link href="/" className="mt-8 inline-block rounded-md bg-cyan-300 px-5 py-2 font-semibold text-slate-950 hover:bg-cyan-200">
        Go Home
      </Link>
    </section>
  );
}
