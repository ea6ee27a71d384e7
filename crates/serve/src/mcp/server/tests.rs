use super::Listeners;

/// A change between a listen request's acknowledgment and its stream reaching the
/// handler is told to the stream when it arrives; one before the request is not.
#[test]
fn a_stream_hears_a_change_made_while_it_was_being_acknowledged() {
    let mut listeners = Listeners::new();
    listeners.arrive();
    assert!(listeners.change().is_empty());
    assert_eq!(listeners.stream("late"), (0, true));
    assert_eq!(listeners.change(), [(0, "late")]);

    listeners.arrive();
    assert_eq!(listeners.stream("on time"), (1, false));
    listeners.forget(0);
    assert_eq!(listeners.change(), [(1, "on time")]);
}

/// Of two requests, one arrived before a change and one after; which stream is which is
/// unknown, so both are told: one hears a change it did not miss, neither misses one.
#[test]
fn of_two_arriving_streams_neither_misses_a_change() {
    let mut listeners: Listeners<&str> = Listeners::new();
    listeners.arrive();
    listeners.change();
    listeners.arrive();
    assert!(listeners.stream("one").1);
    assert!(listeners.stream("other").1);
    assert!(listeners.arriving.is_empty());
    listeners.arrive();
    assert!(!listeners.stream("third").1);
}

/// A request that never streams (its acknowledgment failed) is forgotten in time: later
/// streams are not told of changes they did not miss.
#[test]
fn a_request_that_never_streams_is_forgotten() {
    let mut listeners: Listeners<&str> = Listeners::new();
    let start = std::time::Instant::now();
    listeners.arrive_at(start);
    listeners.change();
    listeners.arrive_at(start + super::ARRIVAL_KEPT);
    assert_eq!(listeners.arriving.len(), 1);
    assert!(!listeners.stream("later").1);
}
