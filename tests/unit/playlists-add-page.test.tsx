/** @jest-environment jsdom */
/** /add: one required URL; a valid submit answers "Feature coming soon!" as a success alert. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddUrlForm } from "@/components/playlists/add-url-form";

test("the URL input is required and of type url", () => {
  render(<AddUrlForm />);
  const input = screen.getByLabelText("YouTube or TikTok URL");
  expect(input).toBeRequired();
  expect(input).toHaveAttribute("type", "url");
});

test.each([
  ["", "Please enter a video URL."],
  ["not a link", "Video URL must be a valid http(s) link."],
])("%p is refused with %p and no success alert", async (value, message) => {
  const user = userEvent.setup();
  render(<AddUrlForm />);
  if (value) await user.type(screen.getByLabelText("YouTube or TikTok URL"), value);
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  expect(screen.getByRole("alert")).toHaveTextContent(message);
  expect(screen.queryByText("Feature coming soon!")).not.toBeInTheDocument();
  expect(screen.getByLabelText("YouTube or TikTok URL")).toHaveAttribute("aria-invalid", "true");
});

test("a valid URL gets the placeholder answer as a success alert", async () => {
  const user = userEvent.setup();
  render(<AddUrlForm />);
  await user.click(screen.getByLabelText("YouTube or TikTok URL"));
  await user.paste("https://www.tiktok.com/@someone/video/7234567890123456789");
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent("Feature coming soon!");
  expect(alert.className).toMatch(/emerald/);
});
