// The names of React's own properties that the page script may shorten (scripts/bundles.js, esbuild's mangleProps):
// fields of React's fibers, roots, update queues and hooks, which every page carries hundreds of times over, what
// React's packages export to each other, a root's options (the page passes none) and what React asks of the DevTools
// hook (so it never attaches to one). Only names that no string of the page script spells (as itself, or in
// a list of names), that none of podium's modules in the script or its texts use, and that are no browser's or
// JavaScript's own property (test/bake/internals.test.ts checks all three, the last in Chromium). The cost: React
// DevTools cannot inspect a page.
export const REACT_INTERNALS = `
  addTransitionType alternate attachedListener autoName baseLanes baseQueue baseState blockedOn cachePool cacheSignal
  callback callbackNode callbackPriority callbacks cancelPendingCommit checkDCE child childLanes cleanup
  __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE cloneElement clones Component componentDidCatch
  componentDidMount componentDidUpdate componentStack componentWillMount componentWillReceiveProps
  componentWillUnmount componentWillUpdate Consumer containerInfo _context contextType controller createContext
  createRef _currentValue _currentValue2 defaultProps dehydrated deletions dependencies deps dispatch displayName
  __DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE eagerState elementType emit enqueueForceUpdate
  enqueueReplaceState enqueueSetState entangledLanes entanglements errorBoundary errorRecoveryDisabledLanes
  _eventListeners events eventSystemFlags expirationTimes expiredLanes findDOMNode firstBaseUpdate firstContext
  flushSync focusedElem focusLast focusReset formState forwardRef foundSelf _fragmentFiber fragmentInstance gesture
  getCacheForType getDerivedStateFromError getDerivedStateFromProps getSnapshot getSnapshotBeforeUpdate getValue
  hasEagerState hiddenCallbacks hiddenUpdates hoistableScripts hoistableStyles hydrationErrors identifierPrefix
  imagePair imgBytes imgCount impl incompleteTransitions _init inst instance _internalRoot isBackwards
  isDefaultPrevented isDehydrated isDisabled isPersistent isPropagationStopped isPureReactComponent isReactComponent
  isTransition isValidElement lane lanes lastBaseUpdate lastEffect lastRenderedReducer lastRenderedState listeners
  markerInstances memoCache memoizedProps memoizedState memoizedValue nativeEvent nextImpl observer _observers
  observeUsing onCaughtError onCommitFiberRoot onCommitFiberUnmount onPostCommitFiberRoot onRecoverableError
  onUncaughtError optionsOrUseCapture paired passiveEffectDuration _payload payload pendingChildren pendingContext
  pendingLanes _pendingMarkers pendingProps pingCache pingedLanes pool pooledCache pooledCacheLanes precedence
  priorityLevel Provider PureComponent queue $$reactFormReplay reactFragments _reactInternals
  __reactInternalSnapshotBeforeUpdate _reactName _reactRetry _reactRootContainer __reactViewTransition readContext
  _reason refCleanup refCount refs rendering renderingStartTime requestFormReset _result _retryCache retryLane
  retryQueue return revealOrder revertLane _scope selectionRange _selector setStrictMode setValue shellSuspendCounter
  shouldComponentUpdate sibling sortIndex _stashedDisplay _stashedText stateNode _status stopTracking stores
  stylesheets subtreeFlags supportsFiber suspendedLanes suspenseyImages tail tailMode targetContainers _targetInst
  _threadCount timeoutHandle _transitions transitions transitionTypes treeContext treeForkCount $$typeof unmount
  unobserveUsing UNSAFE_componentWillMount UNSAFE_componentWillReceiveProps UNSAFE_componentWillUpdate
  unstable_batchedUpdates unstable_cancelCallback unstable_forceFrameRate unstable_getCurrentPriorityLevel
  unstable_IdlePriority unstable_ImmediatePriority unstable_LowPriority unstable_next unstable_NormalPriority
  unstable_now unstable_Profiling unstable_requestPaint unstable_runWithPriority unstable_scheduleCallback
  unstable_scheduleHydration unstable_setDisableYieldValue unstable_shouldYield unstable_strictMode
  unstable_useCacheRefresh unstable_UserBlockingPriority unstable_wrapCallback unsuspend updateQueue updater
  useActionState useCacheRefresh useCallback useContext useDebugValue useDeferredValue useEffectEvent useFormState
  useFormStatus useHostTransitionStatus useId useImperativeHandle useInsertionEffect useMemoCache useOptimistic
  useReducer useSyncExternalStore useTransition _valueTracker _visibility waitingForImages waitingForViewTransition
  warmLanes
`
  .trim()
  .split(/\s+/);
