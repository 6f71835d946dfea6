import Testing
@testable import GadgetCore

/// The ALSA jack control (issue 39, EN 5.2): which card controls are a headphone jack, and when
/// their values are a plug-in or an unplug (the same change as the evdev switch's).
@Suite struct HeadphoneJackControlTests {
    @Test func theNamesOfHeadphoneJacks() {
        // HDA (sound/pci/hda/hda_jack.c names them after the pin: "Headphone", "Front Headphone"…
        // plus " Jack"), ASoC machine drivers ("Headphones Jack"), a combo jack.
        for name in ["Headphone Jack", "Front Headphone Jack", "Headphones Jack", "Headphone Mic Jack", "Headphone Jack"] {
            #expect(HeadphoneJackControl.matches(name), "\(name)")
        }
        for name in ["Mic Jack", "Line Out Jack", "HDMI/DP,pcm=3 Jack", "Speaker Phantom Jack", "Headphone Playback Switch",
                     "Headphone Jack Phantom", "headphone jack", "Headphone", "Jack"] {
            #expect(!HeadphoneJackControl.matches(name), "\(name)")
        }
    }

    @Test func readsAreChangesAsTheSwitchGivesThem() {
        var byEvent = HeadsetSwitch()
        var opened = EvdevState()
        opened.switchesOn = [EV.swHeadphoneInsert]
        let atOpen = byEvent.opened(opened, time: 7)

        var jack = HeadphoneJackControl()
        #expect(jack.read([false, true], time: 7) == atOpen)
        #expect(jack.read([true, true], time: 8) == nil)
        #expect(jack.read([false, false], time: 9) == HeadsetSwitch.Change(plugged: false, time: 9))
        #expect(jack.read([true], time: 10) == HeadsetSwitch.Change(plugged: true, time: 10))

        var empty = HeadphoneJackControl()
        #expect(empty.read([false], time: 1) == nil)
        #expect(empty.plugged == false)
        #expect(empty.read([true], time: 2) == HeadsetSwitch.Change(plugged: true, time: 2))
    }
}
