// The overlay's voice frame (an extension page inside the overlay): the mesh runs here, in ViewParty's origin.
import { startVoiceFrame } from "../../src/voice/voice-frame-main";

startVoiceFrame(window, document.getElementById("voice")!);
