/// `run --speech`: whether speech mode (explore by touch, gadgets spoken) is on at start.
public enum SpeechChoice: String, Sendable, CaseIterable {
    /// As the board says (`"accessibility": {"speech": true}`), else off until turned on
    /// (`{"cmd":"accessibility","speech":true}`).
    case auto
    /// On from the start.
    case on
    /// Never: no speech program is started, and a request to turn it on is refused.
    case off
}
