//! How an operation's name is read: its words, the part of it that says the action, and
//! whether a generator made it from the method and the path.

use std::borrow::Cow;

use crate::hints::vocabulary::{self, Verb};
use crate::http::Method;
use crate::words::snake_case;

use super::sentences::is_plural;

/// The words of a name: snake_case words, glued lower-case words split
/// (`getinputtokencounts`), and a leading word equal to the operation's method dropped
/// when a verb follows later on, past the word it acts on (`post_items_search`,
/// `get_items_delete`; `deleteUser` and `deleteOrder` keep their verb).
pub fn name_words(name: &str, method: Option<&Method>) -> Vec<String> {
    let snake = snake_case(name);
    let mut words: Vec<String> = Vec::new();
    for word in snake.split('_').filter(|w| !w.is_empty()) {
        // Only a long word that is not itself a verb can be several glued together.
        let glued = word.len() >= 8 && vocabulary::verb(word).is_none();
        match glued.then(|| vocabulary::segment(word)).flatten() {
            Some(parts) => words.extend(parts.into_iter().map(str::to_string)),
            None => words.push(word.to_string()),
        }
    }
    // Names made of two words are one: `OpenID` and `OpenSearch` open nothing, an
    // autocomplete completes nothing; `logIn`, `signUp`, `logOut` are one verb each.
    for (first, second, whole) in [
        ("open", "id", "openid"),
        ("open", "search", "opensearch"),
        ("auto", "complete", "autocomplete"),
        ("log", "in", "login"),
        ("sign", "in", "signin"),
        ("sign", "up", "signup"),
        ("log", "out", "logout"),
        ("sign", "out", "logout"),
    ] {
        if let Some(i) = words
            .windows(2)
            .position(|w| w[0] == first && w[1] == second)
        {
            words.splice(i..i + 2, [whole.to_string()]);
        }
    }
    // `post`, `put` and `patch` leading a name only echo the method; `get` and `delete` are
    // verbs too, dropped only when a verb follows past the word they act on.
    let method_word = method.map(|m| m.as_str().to_ascii_lowercase());
    // Only a name in separated words can be made of the method and a path (`get_items_delete`);
    // a glued name says its verb first (`GetScaleSetInterface` gets).
    let separated = name.contains(|c: char| !c.is_ascii_alphanumeric());
    let another_verb = separated && words.iter().skip(2).any(|w| vocabulary::verb(w).is_some());
    let echo = matches!(method_word.as_deref(), Some("post" | "put" | "patch"));
    let leads = words.len() > 1 && method_word.as_deref() == words.first().map(String::as_str);
    if leads && (echo || another_verb) {
        words.remove(0);
    }
    // Nor do they ending one (`sentimentPost`, `correctionPost`: generated from the path).
    let trails = words.len() > 1 && method_word.as_deref() == words.last().map(String::as_str);
    if trails && echo {
        words.pop();
    }
    words
}

/// Whether `word` is an API version: `v1`, `v2beta1`.
fn is_version(word: &str) -> bool {
    let digits = word.strip_prefix('v').unwrap_or_default();
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_alphanumeric())
}

/// A `Resource_Action` or `Resource.action` name split into the resource and the part that
/// says the action (`VirtualMachines_Start`, `ScaleSets_ListAll`, `Place.pairing`,
/// `Account.changePassword`): there the resource comes first and its words are nouns,
/// whatever they look like (`ScaleSets`, `Place`). So in a `service.resource.method` name
/// of three parts or more (`compute.instances.simulateMaintenanceEvent`,
/// `run.projects.locations.operations.cancel`): the service is no verb; and in LoopBack
/// 3's (`Order.prototype.__get__items`, `Order.replaceById__put_Orders_{id}`) the model.
/// Any other name is all action (`chat.update` is a method of its own).
pub(super) fn resource_and_action(name: &str) -> (Option<&str>, &str) {
    let pascal = |part: &str| {
        part.starts_with(|c: char| c.is_ascii_uppercase())
            && part.chars().any(|c| c.is_ascii_lowercase())
            && part.chars().all(|c| c.is_ascii_alphanumeric())
    };
    let camel = |part: &str| {
        part.starts_with(|c: char| c.is_ascii_lowercase())
            && part.chars().all(|c| c.is_ascii_alphanumeric())
    };
    // LoopBack 3's `Model.method`: a relation's accessor (`Order.prototype.__get__items`),
    // or a method with its route after it (`Order.replaceById__put_Orders_{id}`).
    if let Some((resources, action)) = name.rsplit_once('.') {
        let model = resources.split('.').next().is_some_and(pascal);
        if model && action.contains("__") {
            let accessor = action.trim_start_matches('_');
            let action = match action.starts_with("__") {
                true => accessor,
                false => action.split("__").next().unwrap_or(action),
            };
            return (Some(resources), action);
        }
    }
    match (name.split_once('_'), name.rsplit_once('.')) {
        (Some((resource, action)), _) if pascal(resource) && pascal(action) => {
            (Some(resource), action)
        }
        // (gRPC's `Service.Method`: `LabelService.MutateLabels`.)
        (_, Some((resources, action)))
            if (camel(action) || pascal(action))
                && (resources.split('.')).all(|part| pascal(part) || part == "prototype") =>
        {
            (Some(resources), action)
        }
        (_, Some((resources, action))) if resources.contains('.') && name.split('.').all(camel) => {
            (Some(resources), action)
        }
        _ => (None, name),
    }
}

/// The name a generator built the operationId from, without the tail it added: Springfox's
/// `Using` (or a `Via`) and the method (`cancelOrderUsingGET`, `getPaymentUsingGET_1`), FastAPI's path
/// and method (`publish_item_items__item_id__publish_get`), drf-spectacular's viewset slot
/// after an action of more than one word (`orders_cancel_create`; `orders_list` is kept). The tail's last word is the
/// method, which says nothing of what the call does; the verb is the name's own. HubSpot's
/// put the method and the path first (`get-/crm/v3/imports/{importId}/errors_getErrors`).
pub(super) fn function_name<'n>(
    name: &'n str,
    method: Option<&Method>,
    path: Option<&str>,
) -> Cow<'n, str> {
    let Some(method) = method.map(|m| m.as_str().to_ascii_lowercase()) else {
        return Cow::Borrowed(name);
    };
    // HubSpot's: the method, the path, then the action
    // (`get-/crm/v3/imports/{importId}/errors_getErrors`).
    let prefix = format!("{method}-/");
    let hubspot = (name.get(..prefix.len())).is_some_and(|p| p.eq_ignore_ascii_case(&prefix));
    let action = name.rsplit_once('_').map(|(_, action)| action);
    if let (true, Some(action)) = (
        hubspot,
        action.filter(|a| !a.is_empty() && !a.contains('/')),
    ) {
        return Cow::Borrowed(action);
    }
    let numbered = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let unnumbered = numbered.strip_suffix('_').unwrap_or(name);
    let lower = unnumbered.to_ascii_lowercase();
    // (And a method after "via": PubNub's `publishViaGET`.)
    let tails = [
        format!("using{method}"),
        format!("_using_{method}"),
        format!("via{method}"),
    ];
    for tail in tails {
        let function = lower
            .strip_suffix(&tail)
            .map(|f| unnumbered[..f.len()].trim_end_matches('_'));
        if let Some(function) = function.filter(|f| !f.is_empty()) {
            return Cow::Borrowed(function);
        }
    }
    // drf-spectacular's viewset slot after an action's path words (`orders_cancel_create`,
    // `orders_resend_confirmation_retrieve`, `products_adjust_stock_partial_update`).
    let slots: &[&str] = match method.as_str() {
        "get" => &["_retrieve", "_list"],
        "post" => &["_create"],
        "put" => &["_update"],
        "patch" => &["_partial_update"],
        "delete" => &["_destroy"],
        _ => &[],
    };
    let snake_words = |text: &str| -> Vec<String> {
        let snake = snake_case(text);
        snake
            .split('_')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let path_words: Vec<String> = path
        .unwrap_or_default()
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .flat_map(snake_words)
        .collect();
    // Crowdin's: `api`, the path's words dotted, then the method (`api.projects.files.post`
    // for `POST /projects/{projectId}/files`; attack 80). VK's `wall.post` at
    // `/method/wall.post` and `pages.feed.post` post.
    let dotted = name.len().checked_sub(method.len() + 1).and_then(|at| {
        let (function, tail) = (name.get(..at)?, name.get(at..)?);
        tail.eq_ignore_ascii_case(&format!(".{method}"))
            .then_some(function)
    });
    let mirrors_the_path = |function: &&str| {
        let mut rest = path_words.iter();
        let Some(("api", parts)) = function.split_once('.') else {
            return false;
        };
        let parts: Vec<&str> = parts.split('.').collect();
        parts.len() > 1
            && !path.unwrap_or_default().contains(name)
            && (parts.iter()).all(|p| rest.any(|w| w.eq_ignore_ascii_case(p)))
    };
    if let Some(function) = dotted.filter(mirrors_the_path) {
        return Cow::Borrowed(function);
    }
    // (The action's words are the path's, in order: `images_post_account_transfer_create`
    // is a person's name.)
    let slot = slots.iter().find_map(|slot| name.strip_suffix(slot));
    let from_path = |function: &&str| {
        let mut rest = path_words.iter();
        function.contains('_') && snake_words(function).iter().all(|w| rest.any(|p| p == w))
    };
    if let Some(function) = slot.filter(from_path) {
        return Cow::Borrowed(function);
    }
    let words = snake_words(name);
    let tail: Vec<String> = path_words.iter().cloned().chain([method]).collect();
    match words.len().checked_sub(tail.len()) {
        Some(kept) if kept > 0 && tail.len() > 1 && words[kept..] == tail[..] => {
            Cow::Owned(words[..kept].join("_"))
        }
        _ => Cow::Borrowed(name),
    }
}

/// Whether `word` (lower case) could be a verb this reader lacks: a word of letters it does
/// not know as a verb, a noun or a qualifier (`currentUser`).
pub(super) fn unknown_word(word: &str) -> bool {
    word.len() > 2
        && word.chars().all(|c| c.is_ascii_alphabetic())
        && vocabulary::verb(word).is_none()
        && !vocabulary::is_known_noun(word)
        && !vocabulary::looks_like_a_qualifier(word)
}

/// The words of a path's literal parts and parameters' names, in order
/// (`/v1/charges/{chargeId}` -> v1, charges, charge, id).
pub(super) fn words_of_path(path: &str) -> impl Iterator<Item = String> + '_ {
    path.split(['/', '{', '}', '.', ':', '-', '_'])
        .flat_map(|segment| name_words(segment, None))
}

/// Whether `name` is the method and words of the path in their order, at least two
/// (`GetChargesCharge` for `GET /v1/charges/{charge}`, `PostCustomersCustomerSources`,
/// `chargesChargeIdGet`), as generators make them; `delete_order` is a person's name.
pub(super) fn generated(name: &str, method: Option<&Method>, path: &str) -> bool {
    let Some(method) = method else {
        return false;
    };
    let words = name_words(name, None);
    let mut path_words = words_of_path(path);
    // Or the path's words, then the method (`chargesChargeIdGet`, openapi-generator's).
    // (Glued, on a safe method: `PublicIPAddresses_Delete`, `Accounts_Get` are a resource
    // and its action.)
    let glued = name.chars().all(|c| c.is_ascii_alphanumeric());
    let (method_at, from_path) = match words.last() {
        Some(last) if glued && method.is_safe() && last.eq_ignore_ascii_case(method.as_str()) => {
            (words.len() - 1, 0..words.len() - 1)
        }
        _ => (0, 1..words.len()),
    };
    // (Before the method at the end, Swashbuckle's `By` before a parameter's name:
    // `ApiCardsByIdBlockGet`; `getPetById` is a person's name.)
    let method_last = method_at > 0;
    // A method before the path's API version is a generator's, whichever method it names
    // (Gusto's stale `post-v1-companies-...` on a PUT).
    let any_method = |w: &str| matches!(w, "get" | "post" | "put" | "patch" | "delete");
    let versioned = !method_last
        && words.get(1).is_some_and(|w| is_version(w))
        && words.first().is_some_and(|w| any_method(w));
    words.len() > 2
        && (versioned || words[method_at].eq_ignore_ascii_case(method.as_str()))
        && (words[from_path].iter())
            .filter(|w| !(method_last && *w == "by"))
            .all(|w| path_words.any(|p| p == *w))
}

/// On a safe method, the name's verb when its `first` verb-like word is part of the
/// resource's name: after a noun, before what is read (`dataSetStatistics`,
/// `valueSetRead`, `replicaSetList`), or the resource its path names, before how it is read
/// (`claimSearch` at `/Claim`). `createAlertGET` creates; `accountSetPassword` sets.
pub(super) fn a_reads_verb(
    words: &[String],
    first: Option<usize>,
    path: Option<&str>,
) -> Option<usize> {
    let i = first?;
    let is_verb = |w: &String| vocabulary::verb(w).is_some();
    let reading = |w: &String| {
        vocabulary::verb(w) == Some(Verb::Read) || vocabulary::is_read_thing(w) || is_plural(w)
    };
    let joins = |w: &String| matches!(w.as_str(), "and" | "or" | "then" | "to" | "plus");
    let last = words.len() - 1;
    // (Marked "as read", the read is the state set: `markAsRead`, `tickets_mark_read`.)
    let a_state = last > i && (words[last - 1] == "as" || words[i] == "mark");
    let after_a_noun = i > 0 && !is_verb(&words[i - 1]) && !joins(&words[i - 1]);
    let in_a_compound = after_a_noun && !a_state && words.get(i + 1).is_some_and(reading);
    let reads_last = last > i && vocabulary::verb(&words[last]) == Some(Verb::Read) && !a_state;
    let names_the_resource = words_of_path(path.unwrap_or_default()).any(|w| w == words[i]);
    if in_a_compound {
        let later = words[i + 1..]
            .iter()
            .position(|w| vocabulary::verb(w) == Some(Verb::Read));
        later.map(|j| i + 1 + j)
    } else if names_the_resource && reads_last {
        Some(last)
    } else {
        Some(i)
    }
}

/// Where a name's action is: its first verb, unless that word is also a noun (`run`,
/// `schedule`) after a resource's words, and the name ends in a verb that is not
/// (`projects_servers_run_stats_replace`): there the resource comes first, as in
/// `Resource_Action` names. Leading the name it is the verb (`run_cluster`).
pub(super) fn action_verb(words: &[String], glued: bool) -> Option<usize> {
    // After a preposition comes a noun (`RedactStringInComment`: a comment, not commenting).
    let after_a_preposition = |i: usize| {
        i.checked_sub(1)
            .is_some_and(|j| matches!(words[j].as_str(), "in" | "of" | "on" | "from" | "with"))
    };
    let is_verb =
        |(i, w): &(usize, &String)| vocabulary::verb(w).is_some() && !after_a_preposition(*i);
    let first = words.iter().enumerate().position(|pair| is_verb(&pair))?;
    let last = words.len() - 1;
    let noun_like = |w: &String| vocabulary::PATH_NOUNS.contains(&w.as_str());
    // A trailing verb that changes something (`replace`, `delete`); a read there is more
    // likely the object's name (`run_cluster_lint`).
    let trailing = vocabulary::verb(&words[last]);
    // (Leading the name too, before its action: `orderUpdate`, `refund_cancel`, and a plain
    // read: GoDaddy's `recordGet`.)
    // (`orderTableTransfer`: nouns between the resource and its action.)
    let nouns_between = |w: &[String]| w.iter().all(|w| vocabulary::verb(w).is_none());
    let resource_then_action = first == 0 && last >= 1 && nouns_between(&words[1..last]);
    let plain_read = matches!(
        words[last].as_str(),
        "get" | "list" | "search" | "find" | "read" | "show" | "retrieve" | "fetch"
    );
    let trailing_verb = (trailing.is_some_and(|v| v != Verb::Read)
        || (resource_then_action && plain_read))
        && !noun_like(&words[last]);
    if (first > 0 || resource_then_action)
        && last > first
        && noun_like(&words[first])
        && trailing_verb
    {
        return Some(last);
    }
    // `breakLock`, `stealLock`: in a glued name, a word this reader does not know, in the
    // verb's place before a noun that is also a verb, is the verb; the noun says nothing of
    // it. (Separated, `auth.test` is a resource and its action.)
    let unknown =
        |w: &String| w.chars().all(|c| c.is_ascii_alphabetic()) && !vocabulary::is_known_noun(w);
    if glued && words.len() == 2 && first == 1 && noun_like(&words[1]) && unknown(&words[0]) {
        return None;
    }
    Some(first)
}

/// Whether the last literal `segment` of `path` (`action` without its format suffix, cut
/// into `words`) names things rather than an action, for an operation `name`d so.
pub(super) fn names_things(
    name: &str,
    path: &str,
    segment: &str,
    action: &str,
    words: &[String],
) -> bool {
    // A segment a parameter follows names a collection (`/shop_account_requests/{id}`,
    // `/orders/{id}`): its words are nouns, unless one removes, renews or overwrites (a
    // GET of `/delete/{id}` may delete).
    // (Not after a noun: in `/ValueSet/{id}` a set is the noun's part; `/KickBan` bans.)
    let harmful = words.iter().enumerate().any(|(i, w)| {
        let after_a_noun = i > 0 && vocabulary::is_known_noun(&words[i - 1]);
        let harms = matches!(
            vocabulary::verb(w),
            Some(Verb::Destroy | Verb::Renew | Verb::Update)
        );
        harms && !after_a_noun
    });
    let names_a_collection =
        !harmful && path.trim_end_matches('/').rsplit('/').next() != Some(segment);
    // So does one the name calls its resource (`Place_GetByGeoBox` at `/Place`), where no
    // parameter names what it would act on (`/vms/{vm}/restart` restarts, whatever the
    // name), if it is a word that makes things, which is a noun as often (a place, an
    // order); one that ends, sends or runs (`/Logout`, `/Send`) acts.
    let makes = words
        .iter()
        .all(|w| matches!(vocabulary::verb(w), Some(Verb::Create) | None));
    let acts_on_one = path
        .split('/')
        .rev()
        .skip_while(|s| *s != segment)
        .nth(1)
        .is_some_and(|before| before.starts_with('{'));
    let names_the_resource = !acts_on_one
        && makes
        && resource_and_action(name)
            .0
            .is_some_and(|resource| resource.eq_ignore_ascii_case(action));
    names_a_collection || names_the_resource
}
